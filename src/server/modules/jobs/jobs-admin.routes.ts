import { jobCounts, jobRetried, jobsPage } from '#shared/jobs/answers.ts';
import { jobListQuery, jobMessages as m } from '#shared/jobs/schemas.ts';
import type { App } from '#server/app-types.ts';
import { conflict, notFound } from '#server/lib/outcomes.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { idParams } from '#server/modules/signatures/signatures.routes.ts';

/** Diagnostics of the job queue: counts, lists by status, and a retry for a failed job (under the admin plugin). */
export function jobsAdminRoutes(app: App) {
  app.get('/jobs/counts', { schema: { response: { 200: jobCounts } } }, () => app.jobs.counts());

  app.get('/jobs', { schema: { querystring: jobListQuery, response: { 200: jobsPage } } }, (req) =>
    app.jobs.list(req.query.status, req.query.page, req.query.pageSize),
  );

  app.post(
    '/jobs/:id/retry',
    { schema: { params: idParams, response: { 200: jobRetried } } },
    async (req) => {
      const result = await app.jobs.retry(req.params.id);
      switch (result.kind) {
        case 'missing':
          throw notFound(m.notFound);
        case 'not-failed':
          throw conflict(m.notFailed);
        case 'key-waiting':
          throw conflict(m.keyWaiting);
      }
      await app.activity.log('admin-action', {
        userId: currentUser(req).id,
        ip: req.ip,
        detail: `job ${result.job.id} (${result.job.kind}) retried`,
      });
      return { job: result.job };
    },
  );
}
