import type { FastifyBaseLogger } from 'fastify';
import type { App } from '#server/app-types.ts';
import type { Db } from '#server/db/kysely.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { DocumentsService } from '#server/modules/documents/documents.service.ts';
import type { JobQueue } from '#server/modules/jobs/job-queue.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { PdfPool } from '#server/modules/pdf/pdf-pool.ts';
import type { TransparencyHook } from '#server/modules/seals/hook.ts';
import type { SignaturesService } from '#server/modules/signatures/signatures.service.ts';
import type { EventSink } from '#server/modules/webhooks/events.service.ts';
import { registerRequestJobs } from './jobs.ts';
import { sendRequestMail } from './mails.ts';
import { poolRequestPdf } from './pdf-adapter.ts';
import { requestOwnerRoutes } from './requests.routes.ts';
import { RequestsService } from './requests.service.ts';
import { queueScheduler } from './scheduler.ts';
import { signRoutes } from './sign.routes.ts';

/** Signing requests: the service, with its jobs registered on the queue (services.ts builds it). */
export function createRequests(s: {
  db: Db;
  clock: Clock;
  publicUrl: () => string;
  documents: DocumentsService;
  signatures: SignaturesService;
  transparency: TransparencyHook;
  pdf: PdfPool;
  jobs: JobQueue;
  mail: MailService;
  events: EventSink;
  log: FastifyBaseLogger;
}): RequestsService {
  const pdf = poolRequestPdf(s.pdf);
  const requests = new RequestsService({
    db: s.db,
    clock: s.clock,
    publicUrl: s.publicUrl,
    files: s.documents.files,
    identity: s.documents.identity,
    signatures: s.signatures,
    transparency: s.transparency,
    pdf: () => pdf,
    scheduler: queueScheduler(s.jobs),
    send: (o) => sendRequestMail(s.mail, o.to, o.mail, o.link),
    events: s.events,
    log: s.log,
  });
  registerRequestJobs(s.jobs, requests);
  return requests;
}

/** Both sides' routes: the owner's (session) and the recipient's (/api/sign/:token). */
export function requestRoutes(app: App) {
  requestOwnerRoutes(app);
  signRoutes(app);
}
