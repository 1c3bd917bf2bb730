import { jobListQuery, jobMessages } from '#shared/jobs/schemas.ts';
import type { App } from '#server/app-types.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { idParams } from '#server/modules/signatures/signatures.routes.ts';

/** Diagnostics of the job queue: counts, lists by status, and a retry for a failed job (under the admin plugin). */
export function jobsAdminRoutes(app: App) {
  app.get('/jobs/counts', () => app.jobs.counts());

  app.get('/jobs', { schema: { querystring: jobListQuery } }, (req) =>
    app.jobs.list(req.query.status, req.query.page, req.query.pageSize),
  );

  app.post('/jobs/:id/retry', { schema: { params: idParams } }, async (req, reply) => {
    const result = await app.jobs.retry(req.params.id);
    if (result.kind !== 'ok') {
      if (result.kind === 'missing') return reply.code(404).send({ message: jobMessages.notFound });
      const message = result.kind === 'not-failed' ? jobMessages.notFailed : jobMessages.keyWaiting;
      return reply.code(409).send({ message });
    }
    await app.activity.log('admin-action', {
      userId: currentUser(req).id,
      ip: req.ip,
      detail: `job ${result.job.id} (${result.job.kind}) retried`,
    });
    return { job: result.job };
  });
}
