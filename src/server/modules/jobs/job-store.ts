import { sql, type SelectQueryBuilder } from 'kysely';
import type { JobCounts, JobStatus, JobView } from '#shared/jobs/schemas.ts';
import type { Db, Dialect } from '#server/db/kysely.ts';
import type { Database, JobRow } from '#server/db/schema.ts';

export const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test((err as Error).message ?? '') || (err as { code?: string }).code === '23505';

export interface NewJob {
  kind: string;
  payload: string;
  runAt: string;
  maxAttempts: number;
  key: string | null;
  now: string;
}

/** A claimed job is ours while the row still names us and the attempt we were given. */
type Owned = Pick<JobRow, 'id' | 'attempts'>;

export const toJobView = (r: Omit<JobRow, 'payload' | 'key' | 'locked_by' | 'locked_until'>): JobView => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lastError: r.last_error,
  runAt: r.run_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  finishedAt: r.finished_at,
});

const viewColumns = [
  'id',
  'kind',
  'status',
  'attempts',
  'max_attempts',
  'last_error',
  'run_at',
  'created_at',
  'updated_at',
  'finished_at',
] as const;

/** The queue's queries. The claims differ by dialect; everything else is one statement for both. */
export class JobStore {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly workerId: string,
  ) {}

  /** Inserts a job (in the caller's transaction when given one); null when its key is already waiting. */
  async insert(db: Db, job: NewJob): Promise<number | null> {
    const row = await db
      .insertInto('jobs')
      .values({
        kind: job.kind,
        payload: job.payload,
        status: 'queued',
        run_at: job.runAt,
        max_attempts: job.maxAttempts,
        key: job.key,
        created_at: job.now,
        updated_at: job.now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * Takes up to `limit` due jobs of the given kinds for this worker, oldest due first. One UPDATE:
   * on PostgreSQL its sub-select locks the rows it picks and skips rows another instance is
   * taking (FOR UPDATE SKIP LOCKED), so concurrent claims never return the same job; SQLite has
   * one writer at a time, so the statement is atomic as it is.
   */
  claimDue(kinds: string[], limit: number, now: string, leaseUntil: string): Promise<JobRow[]> {
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        locked_by: this.workerId,
        locked_until: leaseUntil,
        attempts: sql`attempts + 1`,
        updated_at: now,
      })
      .where(
        this.picked(
          this.db
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'queued')
            .where('run_at', '<=', now)
            .where('kind', 'in', kinds)
            .orderBy('run_at')
            .orderBy('id')
            .limit(limit),
        ),
      )
      .where('status', '=', 'queued')
      .returningAll()
      .execute();
  }

  /**
   * `id IN (sub-select)` would let PostgreSQL run the sub-select more than once (as the inner side
   * of a join), each run locking more rows past its LIMIT: a claim of 1 returned 2 jobs here.
   * `= ANY(ARRAY(...))` runs it once, as an init plan.
   */
  private picked(sub: SelectQueryBuilder<Database, 'jobs', { id: number }>) {
    if (this.dialect === 'postgres') return sql<boolean>`id = any(array(${sub.forUpdate().skipLocked()}))`;
    return sql<boolean>`id in (${sub})`;
  }

  /** Takes over running jobs whose lease ran out (their worker died), except the ones we run ourselves. */
  claimExpired(
    kinds: string[],
    limit: number,
    now: string,
    leaseUntil: string,
    ownRunning: number[],
  ): Promise<JobRow[]> {
    return this.db
      .updateTable('jobs')
      .set({
        locked_by: this.workerId,
        locked_until: leaseUntil,
        attempts: sql`attempts + 1`,
        updated_at: now,
      })
      .where(
        this.picked(
          this.db
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'running')
            .where('locked_until', '<=', now)
            .where('kind', 'in', kinds)
            .$if(ownRunning.length > 0, (q) => q.where('id', 'not in', ownRunning))
            .orderBy('id')
            .limit(limit),
        ),
      )
      .where('status', '=', 'running')
      .where('locked_until', '<=', now)
      .returningAll()
      .execute();
  }

  private owned(job: Owned) {
    return this.db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('locked_by', '=', this.workerId)
      .where('attempts', '=', job.attempts)
      .where('status', '=', 'running');
  }

  /** Done; the payload goes (it may hold one-time links). False when the job was no longer ours. */
  async complete(job: Owned, now: string): Promise<boolean> {
    const r = await this.owned(job)
      .set({
        status: 'done',
        payload: 'null',
        locked_by: null,
        locked_until: null,
        finished_at: now,
        updated_at: now,
      })
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Back in the queue for a later attempt; a newer waiting job with the same key wins (then: failed). */
  async retryLater(job: Owned, error: string, runAt: string, now: string): Promise<boolean> {
    try {
      const r = await this.owned(job)
        .set({
          status: 'queued',
          run_at: runAt,
          locked_by: null,
          locked_until: null,
          last_error: error,
          updated_at: now,
        })
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return this.fail(job, `${error} (not retried: a newer job with the same key is waiting)`, now);
    }
  }

  async fail(job: Owned, error: string, now: string): Promise<boolean> {
    const r = await this.owned(job)
      .set({
        status: 'failed',
        locked_by: null,
        locked_until: null,
        last_error: error,
        finished_at: now,
        updated_at: now,
      })
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Extends the lease of the jobs this worker is running, so nobody takes them over. */
  async heartbeat(ids: number[], leaseUntil: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ locked_until: leaseUntil })
      .where('id', 'in', ids)
      .where('locked_by', '=', this.workerId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Removes waiting jobs by key or key prefix (a cancelled request's reminders); returns how many. */
  async cancel(db: Db, match: { key: string } | { keyPrefix: string }): Promise<number> {
    const r = await db
      .deleteFrom('jobs')
      .where('status', '=', 'queued')
      .$if('key' in match, (q) => q.where('key', '=', (match as { key: string }).key))
      .$if('keyPrefix' in match, (q) => {
        const prefix = (match as { keyPrefix: string }).keyPrefix;
        // substr, not LIKE: a prefix may contain % or _.
        return q.where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix);
      })
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async purge(doneBefore: string, failedBefore: string): Promise<void> {
    await this.db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'done'), eb('finished_at', '<', doneBefore)]),
          eb.and([eb('status', '=', 'failed'), eb('finished_at', '<', failedBefore)]),
        ]),
      )
      .execute();
  }

  async counts(): Promise<JobCounts> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const counts: JobCounts = { queued: 0, running: 0, failed: 0, done: 0 };
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  }

  async list(
    status: JobStatus,
    page: number,
    pageSize: number,
  ): Promise<{ items: JobView[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('jobs')
        .select(viewColumns)
        .where('status', '=', status)
        .$if(status === 'queued', (q) => q.orderBy('run_at').orderBy('id'))
        .$if(status !== 'queued', (q) => q.orderBy('updated_at', 'desc').orderBy('id', 'desc'))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toJobView), total: Number(count.n) };
  }

  /** A failed job back in the queue with a fresh set of attempts. */
  async retry(
    id: number,
    now: string,
  ): Promise<{ kind: 'ok'; job: JobView } | { kind: 'missing' | 'not-failed' | 'key-waiting' }> {
    try {
      const row = await this.db
        .updateTable('jobs')
        .set({ status: 'queued', attempts: 0, run_at: now, finished_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returning(viewColumns)
        .executeTakeFirst();
      if (row) return { kind: 'ok', job: toJobView(row) };
    } catch (err) {
      if (isUniqueViolation(err)) return { kind: 'key-waiting' };
      throw err;
    }
    const exists = await this.db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst();
    return { kind: exists ? 'not-failed' : 'missing' };
  }
}
