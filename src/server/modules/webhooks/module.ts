import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '#server/db/kysely.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { JobQueue } from '#server/modules/jobs/job-queue.ts';
import type { MailContent } from '#server/modules/mail/templates.ts';
import { systemResolver } from './address-guard.ts';
import { Deliverer, type DeliveryOptions } from './delivery.ts';
import { EventsService } from './events.service.ts';
import { WebhooksService } from './webhooks.service.ts';

/** Deliveries in flight at once on one instance, on the webhooks' own queue. */
export const WEBHOOK_CONCURRENCY = 16;

/**
 * Events and webhooks (services.ts builds them before the services that emit). Deliveries run
 * on a job queue of their own over the same `jobs` table: a receiver that takes 10 s to fail
 * never holds a slot that a mail or a signing request's completion waits for.
 */
export function createWebhooks(s: {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  secretBox: SecretBox;
  sendMail: (to: string, mail: MailContent, link: string) => Promise<void>;
  limits: () => SecurityLimits;
  publicUrl: () => string;
  log: FastifyBaseLogger;
  options?: DeliveryOptions & { concurrency?: number };
}) {
  const jobs = new JobQueue(s.db, s.dialect, s.clock, s.log, {
    concurrency: s.options?.concurrency ?? WEBHOOK_CONCURRENCY,
  });
  const events = new EventsService(s.db, s.clock, jobs, s.log);
  const deliverer = new Deliverer(
    {
      db: s.db,
      clock: s.clock,
      jobs,
      secretBox: s.secretBox,
      sendMail: s.sendMail,
      limits: s.limits,
      publicUrl: s.publicUrl,
      log: s.log,
    },
    s.options ?? {},
    systemResolver,
  );
  const webhooks = new WebhooksService(s.db, s.clock, s.secretBox, s.limits, deliverer, events);
  return { events, webhooks, webhookJobs: jobs };
}
