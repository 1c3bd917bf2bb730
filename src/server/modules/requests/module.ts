import type { App } from '../../app.ts';
import { requestJobHandlers } from './jobs.ts';
import { sendRequestMail } from './mails.ts';
import { requestPdf } from './pdf-adapter.ts';
import { requestOwnerRoutes } from './requests.routes.ts';
import { RequestsService } from './requests.service.ts';
import { MemoryScheduler, type RequestJobKind } from './scheduler.ts';
import { signRoutes } from './sign.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requests: RequestsService;
  }
}

/** Signing requests (issue 12): the service, its jobs and both sides' routes. */
export function registerRequests(app: App) {
  const scheduler = new MemoryScheduler(app.clock);
  const requests = new RequestsService({
    db: app.db,
    clock: app.clock,
    publicUrl: () => app.site.publicUrl,
    files: app.documents.files,
    identity: app.documents.identity,
    signatures: app.signatures,
    pdf: () => requestPdf(app),
    scheduler,
    send: (o) => sendRequestMail(app, o.to, o.mail, o.link),
    log: app.log,
  });
  app.decorate('requests', requests);
  const handlers = requestJobHandlers(requests);
  for (const kind of Object.keys(handlers) as RequestJobKind[]) scheduler.register(kind, handlers[kind]);
  scheduler.start((err) => app.log.warn({ err: err.message }, 'signing request job failed'));
  app.addHook('onClose', async () => scheduler.stop());
  requestOwnerRoutes(app);
  signRoutes(app);
}
