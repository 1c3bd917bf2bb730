import type { RequestJobHandler, RequestJobKind } from './scheduler.ts';
import { completeIfDone } from './completion.ts';
import { remindJob } from './owner.ts';
import type { RequestsService } from './requests.service.ts';

/**
 * The handlers to register with the job queue (`app.jobs.register(kind, handler)`). Each re-reads
 * what it acts on, so a late or repeated run is harmless. A completion the PDF pool was too busy
 * for throws, so the queue retries it later.
 */
export function requestJobHandlers(svc: RequestsService): Record<RequestJobKind, RequestJobHandler> {
  return {
    'requests.remind': async (p) => {
      if ('recipientId' in p) await remindJob(svc, p.recipientId, p.n);
    },
    'requests.expire': async (p) => {
      if (!('requestId' in p)) return;
      const result = await svc.expire(p.requestId);
      if (result === 'not-due') {
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
      }
    },
    'requests.complete': async (p) => {
      if (!('requestId' in p)) return;
      if ((await completeIfDone(svc, p.requestId)) === 'busy') throw new Error('the PDF pool is busy');
    },
  };
}
