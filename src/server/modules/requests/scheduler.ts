import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The jobs of signing requests. Each handler re-reads the state it acts on, so a job that runs
 * late, twice, or after its request ended does nothing wrong.
 *  - requests.remind   { recipientId, n }  the n-th reminder of a recipient still to act
 *  - requests.expire   { requestId }       the request's expiry
 *  - requests.complete { requestId }       seal and send once every recipient has finished (a
 *                                          retry for the completion tried right after the last finish)
 */
export type RequestJobKind = 'requests.remind' | 'requests.expire' | 'requests.complete';
export type RequestJobPayload = { recipientId: number; n: number } | { requestId: number };

/**
 * Where the module puts its jobs: the durable job queue (`app.jobs.enqueue(kind, payload, { runAt,
 * key }, trx)`) once it is wired; `key` makes a job unique, `trx` enqueues with the change that
 * needs it.
 */
export interface RequestScheduler {
  schedule(
    kind: RequestJobKind,
    payload: RequestJobPayload,
    runAt: number,
    key: string,
    trx?: Transaction<Database>,
  ): Promise<void>;
}

export type RequestJobHandler = (payload: RequestJobPayload) => Promise<void>;

interface Scheduled {
  kind: RequestJobKind;
  payload: RequestJobPayload;
  runAt: number;
}

/**
 * Temporary, until the durable queue is wired in: jobs in memory, run by a timer. Lost on restart;
 * the rules do not depend on it (a link stops at the expiry whether or not the job ran), only the
 * mails and the state change do.
 */
export class MemoryScheduler implements RequestScheduler {
  readonly jobs = new Map<string, Scheduled>();
  private timer: NodeJS.Timeout | undefined;
  private handlers: Partial<Record<RequestJobKind, RequestJobHandler>> = {};

  constructor(private readonly clock: Clock) {}

  async schedule(kind: RequestJobKind, payload: RequestJobPayload, runAt: number, key: string) {
    if (!this.jobs.has(key)) this.jobs.set(key, { kind, payload, runAt });
  }

  register(kind: RequestJobKind, handler: RequestJobHandler) {
    this.handlers[kind] = handler;
  }

  /** Runs every job that is due, oldest first; a failing one is retried a minute later. */
  async runDue(): Promise<number> {
    const due = [...this.jobs]
      .filter(([, j]) => j.runAt <= this.clock.now())
      .sort((a, b) => a[1].runAt - b[1].runAt);
    const failed: Error[] = [];
    for (const [key, job] of due) {
      this.jobs.delete(key);
      try {
        await this.handlers[job.kind]?.(job.payload);
      } catch (err) {
        this.jobs.set(key, { ...job, runAt: this.clock.now() + 60_000 });
        failed.push(err as Error);
      }
    }
    if (failed.length) throw failed[0];
    return due.length;
  }

  start(onError: (err: Error) => void) {
    this.timer = setInterval(() => void this.runDue().catch(onError), 30_000);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }
}
