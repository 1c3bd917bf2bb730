import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { jobMessages, type JobStatus } from '#shared/jobs/schemas.ts';
import type { Db, Dialect } from '#server/db/kysely.ts';
import type { JobRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { retryDelayMs } from './backoff.ts';
import { JobStore } from './job-store.ts';

/**
 * The payload type of each job kind. A feature adds its kinds by declaration merging:
 * `declare module '../jobs/job-queue.ts' { interface JobPayloads { 'request.remind': { requestId: number } } }`
 * Payloads are stored as JSON: plain objects, strings, numbers, booleans, arrays (no Dates).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}
export type JobKind = keyof JobPayloads & string;

export interface JobContext {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** A failure now is final (no retry follows). */
  lastAttempt: boolean;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export interface JobKindOptions<P> {
  /** Default for jobs of this kind (5); enqueue's `maxAttempts` wins. */
  maxAttempts?: number;
  /** Wait before the first retry (30 s); it doubles per attempt, with jitter, up to `maxBackoffMs` (1 h). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Runs once when the job has failed for good (after the last attempt, or a PermanentJobError). */
  onFailed?: (payload: P, error: Error, ctx: JobContext) => Promise<void>;
}

export interface EnqueueOptions {
  /** When the job is due, in the app clock's milliseconds (default: now). */
  runAt?: number | Date;
  /** At most one waiting job per key: while one is queued, enqueueing the same key does nothing (null). */
  key?: string;
  maxAttempts?: number;
  /**
   * The caller's transaction: the job is written, and seen by workers, only if it commits. On
   * PostgreSQL call `jobs.wake()` after the commit to start at once; otherwise the next poll takes it.
   */
  trx?: Db;
}

/** Thrown by a handler for a failure that another attempt cannot fix (a 5xx SMTP answer). */
export class PermanentJobError extends Error {}

export interface JobQueueOptions {
  /** Names this worker in `locked_by` (default: host, pid and a random part). */
  workerId?: string;
  /** Jobs this instance runs at once. */
  concurrency?: number;
  /** How often an idle worker looks for due jobs (jobs of other instances, retries, jobs set for later). */
  pollMs?: number;
  /** How long a claimed job belongs to its worker without a heartbeat; then any worker may take it over. */
  leaseMs?: number;
  doneRetentionMs?: number;
  failedRetentionMs?: number;
  /** The jitter's random source (tests pin it). */
  random?: () => number;
}

interface Registered {
  handler: JobHandler<unknown>;
  maxAttempts: number;
  backoffMs: number;
  maxBackoffMs: number;
  onFailed: ((payload: unknown, error: Error, ctx: JobContext) => Promise<void>) | undefined;
}

const DAY = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;
const ERROR_LENGTH = 1000;

/**
 * The durable job queue (decision 025): jobs live in the `jobs` table, so they survive restarts
 * and every instance on the database shares them. Each instance claims due jobs in batches,
 * runs them with its registered handlers, and retries failures with exponential backoff.
 */
export class JobQueue {
  readonly workerId: string;
  private readonly store: JobStore;
  private readonly kinds = new Map<string, Registered>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly doneRetentionMs: number;
  private readonly failedRetentionMs: number;
  private readonly random: () => number;
  /** Claims come in batches: a worker claims again once half its slots are free. */
  private readonly refillBelow: number;
  private started = false;
  private stopping = false;
  private filling: Promise<number> | null = null;
  private wakePending = false;
  private lastExpiredCheck = -Infinity;
  private lastPurge = -Infinity;
  private pollTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    dialect: Dialect,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    opts: JobQueueOptions = {},
  ) {
    this.workerId =
      opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
    this.store = new JobStore(db, dialect, this.workerId);
    this.concurrency = opts.concurrency ?? 8;
    this.refillBelow = Math.floor(this.concurrency / 2);
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.doneRetentionMs = opts.doneRetentionMs ?? 7 * DAY;
    this.failedRetentionMs = opts.failedRetentionMs ?? 30 * DAY;
    this.random = opts.random ?? Math.random;
  }

  /** Says how to run jobs of a kind. Only kinds registered here are claimed by this instance. */
  register<K extends JobKind>(
    kind: K,
    handler: JobHandler<JobPayloads[K]>,
    opts: JobKindOptions<JobPayloads[K]> = {},
  ) {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} is already registered`);
    this.kinds.set(kind, {
      handler: handler as JobHandler<unknown>,
      maxAttempts: opts.maxAttempts ?? 5,
      backoffMs: opts.backoffMs ?? 30_000,
      maxBackoffMs: opts.maxBackoffMs ?? 60 * 60 * 1000,
      onFailed: opts.onFailed as Registered['onFailed'],
    });
  }

  /** Adds a job; its id, or null when a job with the same key is already waiting. */
  async enqueue<K extends JobKind>(
    kind: K,
    payload: JobPayloads[K],
    opts: EnqueueOptions = {},
  ): Promise<number | null> {
    const now = this.clock.now();
    const runAt =
      opts.runAt === undefined ? now : typeof opts.runAt === 'number' ? opts.runAt : opts.runAt.getTime();
    const maxAttempts = opts.maxAttempts ?? this.kinds.get(kind)?.maxAttempts ?? 5;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
      throw new Error('maxAttempts must be a whole number from 1');
    const id = await this.store.insert(opts.trx ?? this.db, {
      kind,
      payload: JSON.stringify(payload),
      runAt: iso(runAt),
      maxAttempts,
      key: opts.key ?? null,
      now: iso(now),
    });
    if (id !== null && runAt <= now) {
      // SQLite: a worker's claim waits for the caller's transaction on the one connection, so
      // waking now is right. PostgreSQL: the row shows at commit; a later look catches it.
      if (opts.trx) setTimeout(() => this.wake(), 50).unref();
      else this.wake();
    }
    return id;
  }

  /** Removes waiting jobs by key or key prefix (in the caller's transaction when given); returns how many. */
  cancel(match: { key: string } | { keyPrefix: string }, trx?: Db): Promise<number> {
    return this.store.cancel(trx ?? this.db, match);
  }

  /** How many jobs are in each state (Diagnostics, /metrics). */
  counts() {
    return this.store.counts();
  }

  /** One page of the jobs in a state, without their payloads (Diagnostics). */
  list(status: JobStatus, page: number, pageSize: number) {
    return this.store.list(status, page, pageSize);
  }

  /** Puts a failed job back in the queue with a fresh set of attempts (an admin's Retry). */
  async retry(id: number) {
    const result = await this.store.retry(id, iso(this.clock.now()));
    if (result.kind === 'ok') this.wake();
    return result;
  }

  /** Starts polling; jobs left from before a restart run now. */
  start() {
    if (this.started) return;
    this.started = true;
    this.pollTimer = setInterval(() => this.wake(), this.pollMs);
    this.pollTimer.unref();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), Math.max(1, Math.floor(this.leaseMs / 3)));
    this.heartbeatTimer.unref();
    this.wake();
  }

  /** Stops claiming and waits for the jobs this instance is running. Waiting jobs stay for the next start. */
  async stop() {
    this.stopping = true;
    clearInterval(this.pollTimer);
    await this.filling?.catch(() => undefined);
    await Promise.allSettled([...this.running.values()]);
    clearInterval(this.heartbeatTimer);
  }

  /** Looks for due jobs soon (once per turn of the event loop, however often it is called). */
  wake() {
    if (this.wakePending || this.stopping || !this.started) return;
    this.wakePending = true;
    setImmediate(() => {
      this.wakePending = false;
      this.fill().catch((err: Error) => this.log.warn({ err: err.message }, 'job queue: claim failed'));
    });
  }

  /**
   * Runs every due job (of the given kinds) here, including jobs they enqueue, and waits for them:
   * tests and `mail.flush()`. Jobs retried for later, or held by another instance, are not awaited.
   */
  async drain(kinds?: string[]): Promise<void> {
    let takeOverExpired = true;
    for (;;) {
      const started = await this.fill(kinds, takeOverExpired);
      takeOverExpired = false;
      if (this.running.size === 0) {
        if (started === 0) return;
        continue;
      }
      // Nothing new was due: wait for a running job (it may enqueue more). Otherwise refill at half.
      if (started === 0) await Promise.race(this.running.values());
      while (this.running.size > this.refillBelow) await Promise.race(this.running.values());
    }
  }

  /** Claims as many due jobs as there are free slots, one claim at a time per instance. */
  private async fill(kinds?: string[], takeOverExpired = false): Promise<number> {
    while (this.filling) await this.filling.catch(() => undefined);
    this.filling = this.claimAndStart(kinds, takeOverExpired);
    try {
      return await this.filling;
    } finally {
      this.filling = null;
    }
  }

  private async claimAndStart(only: string[] | undefined, takeOverExpired: boolean): Promise<number> {
    const kinds = [...this.kinds.keys()].filter((k) => !only || only.includes(k));
    let started = 0;
    while (!this.stopping && kinds.length > 0) {
      const free = this.concurrency - this.running.size;
      if (free <= 0) break;
      const now = this.clock.now();
      const leaseUntil = iso(now + this.leaseMs);
      const jobs: JobRow[] = [];
      if (takeOverExpired || now - this.lastExpiredCheck >= this.pollMs) {
        this.lastExpiredCheck = now;
        const ownRunning = [...this.running.keys()];
        jobs.push(...(await this.store.claimExpired(kinds, free, iso(now), leaseUntil, ownRunning)));
      }
      if (jobs.length < free)
        jobs.push(...(await this.store.claimDue(kinds, free - jobs.length, iso(now), leaseUntil)));
      jobs.sort((a, b) => (a.run_at < b.run_at ? -1 : a.run_at > b.run_at ? 1 : a.id - b.id));
      for (const job of jobs) this.begin(job);
      started += jobs.length;
      if (jobs.length < free) break;
    }
    await this.purgeNow();
    return started;
  }

  private begin(job: JobRow) {
    const p = this.execute(job)
      .catch((err: Error) =>
        // A database error while recording the outcome: the lease runs out and the job is taken over.
        this.log.error({ err: err.message, job: job.id, kind: job.kind }, 'job queue: outcome not recorded'),
      )
      .finally(() => {
        this.running.delete(job.id);
        if (this.running.size <= this.refillBelow) this.wake();
      });
    this.running.set(job.id, p);
  }

  private async execute(job: JobRow) {
    const def = this.kinds.get(job.kind)!;
    const ctx: JobContext = {
      id: job.id,
      kind: job.kind,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      lastAttempt: job.attempts >= job.max_attempts,
    };
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      await this.store.fail(job, jobMessages.unknownPayload, iso(this.clock.now()));
      return;
    }
    // Its worker died during the last attempt: no attempt is left to give.
    if (job.attempts > job.max_attempts)
      return this.giveUp(job, def, payload, new Error(jobMessages.workerStopped), ctx);
    try {
      await def.handler(payload, ctx);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      if (err instanceof PermanentJobError || ctx.lastAttempt)
        return this.giveUp(job, def, payload, err, ctx);
      const delay = retryDelayMs(job.attempts, def.backoffMs, def.maxBackoffMs, this.random);
      const now = this.clock.now();
      this.log.warn(
        { err: err.message, job: job.id, kind: job.kind, attempt: job.attempts },
        'job failed, retrying later',
      );
      if (!(await this.store.retryLater(job, errorText(err), iso(now + delay), iso(now))))
        this.lostLease(job);
      return;
    }
    if (!(await this.store.complete(job, iso(this.clock.now())))) this.lostLease(job);
  }

  /** onFailed first (a mail lands in the outbox), then the job is marked failed for the admin to see. */
  private async giveUp(job: JobRow, def: Registered, payload: unknown, err: Error, ctx: JobContext) {
    this.log.error(
      { err: err.message, job: job.id, kind: job.kind, attempt: job.attempts },
      'job failed for good',
    );
    if (def.onFailed) {
      await def
        .onFailed(payload, err, ctx)
        .catch((e: Error) =>
          this.log.error({ err: e.message, job: job.id, kind: job.kind }, 'job queue: onFailed failed'),
        );
    }
    if (!(await this.store.fail(job, errorText(err), iso(this.clock.now())))) this.lostLease(job);
  }

  private lostLease(job: JobRow) {
    this.log.warn({ job: job.id, kind: job.kind }, 'job queue: the job was taken over before it finished');
  }

  private async heartbeat() {
    try {
      await this.store.heartbeat([...this.running.keys()], iso(this.clock.now() + this.leaseMs));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'job queue: heartbeat failed');
    }
  }

  private async purgeNow() {
    const now = this.clock.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.store.purge(iso(now - this.doneRetentionMs), iso(now - this.failedRetentionMs));
  }
}

const errorText = (err: Error) => (err.message || err.name || 'Error').slice(0, ERROR_LENGTH);
