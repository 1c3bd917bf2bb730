import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { JobQueue } from '#server/modules/jobs/job-queue.ts';

/**
 * The jobs of signing requests, on the durable job queue (decision 025): rows in `jobs`, so a
 * reminder or an expiry set weeks ahead survives restarts, and a failed completion is retried with
 * backoff. Each handler re-reads the state it acts on, so a job that runs late, twice, or after
 * its request ended does nothing wrong.
 *  - requests.remind   { recipientId, n }  the n-th reminder of a recipient still to act
 *  - requests.expire   { requestId }       the request's expiry
 *  - requests.complete { requestId }       seal and send once every recipient has finished (a
 *                                          retry for the completion tried right after the last finish)
 */
export type RemindPayload = { recipientId: number; n: number };
export type RequestPayload = { requestId: number };
export type RequestJobKind = 'requests.remind' | 'requests.expire' | 'requests.complete';
export type RequestJobPayload = RemindPayload | RequestPayload;

declare module '#server/modules/jobs/job-queue.ts' {
  interface JobPayloads {
    'requests.remind': RemindPayload;
    'requests.expire': RequestPayload;
    'requests.complete': RequestPayload;
  }
}

/** Where the module puts its jobs; `key` keeps one waiting job per key, `trx` enqueues with the change that needs it. */
export interface RequestScheduler {
  schedule(
    kind: RequestJobKind,
    payload: RequestJobPayload,
    runAt: number,
    key: string,
    trx?: Transaction<Database>,
  ): Promise<void>;
}

export function queueScheduler(jobs: JobQueue): RequestScheduler {
  return {
    async schedule(kind, payload, runAt, key, trx) {
      await jobs.enqueue(kind, payload as RemindPayload & RequestPayload, { runAt, key, trx });
    },
  };
}
