import type { JobQueue } from '#server/modules/jobs/job-queue.ts';
import { completeIfDone } from './completion.ts';
import { remindJob } from './owner.ts';
import type { RequestsService } from './requests.service.ts';

/** A completion the PDF pool was too busy for, or that failed, is tried again 10 s later, then doubling. */
const COMPLETE_ATTEMPTS = 10;
const COMPLETE_BACKOFF_MS = 10_000;

/**
 * Registers the handlers of the requests' jobs with the queue. Each re-reads what it acts on, so a
 * late or repeated run is harmless.
 */
export function registerRequestJobs(jobs: JobQueue, svc: RequestsService) {
  jobs.register('requests.remind', async (p) => {
    await remindJob(svc, p.recipientId, p.n);
  });
  jobs.register('requests.expire', async (p) => {
    const result = await svc.expire(p.requestId);
    if (result !== 'not-due') return;
    // The request was extended (or the clock is behind): try again at its expiry.
    const row = await svc.db
      .selectFrom('signing_requests')
      .select('expires_at')
      .where('id', '=', p.requestId)
      .executeTakeFirstOrThrow();
    await svc.deps.scheduler.schedule(
      'requests.expire',
      p,
      Date.parse(row.expires_at),
      `requests.expire:${p.requestId}:${row.expires_at}`,
    );
  });
  jobs.register(
    'requests.complete',
    async (p) => {
      if ((await completeIfDone(svc, p.requestId)) === 'busy') throw new Error('the PDF pool is busy');
    },
    { maxAttempts: COMPLETE_ATTEMPTS, backoffMs: COMPLETE_BACKOFF_MS },
  );
}
