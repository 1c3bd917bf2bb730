import { holdImagePool, releaseImagePool } from './modules/images/image-pool.ts';
import { every, type Lifecycle, type LifecycleLog } from './lifecycle.ts';
import type { Services } from './services.ts';

const CLEAN_UP_MS = 10 * 60 * 1000;
const DAILY_STATS_FLUSH_MS = 2000;
const API_CALLS_FLUSH_MS = 1000;

/**
 * Everything the app runs beside requests, in start order; stopped in reverse on close (after the
 * server stopped taking requests and those in flight answered), so the timers stop first, then
 * the last flushes run, then the pools and the database close. The only timers and close hooks of
 * the app: a service that needs one gets its entry here.
 */
export function backgroundWork(s: Services, log: LifecycleLog, opts: { closeDb: boolean }): Lifecycle[] {
  return [
    { name: 'database', stop: () => (opts.closeDb ? s.db.destroy() : undefined) },
    // Stops after everything that appends (requests, jobs, clean-up), before the database closes:
    // queued appends commit and the tree-head timer ends. Its start settles what a killed process
    // reserved before any new issuance.
    { name: 'transparency log', start: () => s.seals.log.start(), stop: () => s.seals.log.stop() },
    // sharp and SVG work in child processes, shared by the apps of this process
    { name: 'image pool', start: () => void holdImagePool(), stop: releaseImagePool },
    { name: 'PDF pool', stop: () => s.pdf.close() },
    // mails waiting for the queue are written before the transport closes
    { name: 'mail', stop: () => s.mail.close() },
    // jobs (mail, signing requests) run on the pools and the mailer: the queue stops before them
    { name: 'job queue', start: () => s.jobs.start(), stop: () => s.jobs.stop() },
    // webhook deliveries: their own slots, so a dead receiver never holds up mail
    { name: 'webhook queue', start: () => s.webhookJobs.start(), stop: () => s.webhookJobs.stop() },
    // work started after earlier answers (mail, counts) ends before the mailer and the database close
    { name: 'account background jobs', stop: () => s.accounts.settle() },
    every('daily statistics flush', DAILY_STATS_FLUSH_MS, () => s.dailyStats.flush(), log, {
      finalRun: true,
    }),
    { name: 'IP tracking', start: () => s.ipTracking.start(), stop: () => s.ipTracking.stop() },
    { name: 'analytics', start: () => s.analytics.start(), stop: () => s.analytics.stop() },
    {
      name: 'anonymous limits',
      start: () => s.anonymousLimits.start(),
      stop: () => s.anonymousLimits.stop(),
    },
    { name: 'look-up counts', start: () => s.verification.start(), stop: () => s.verification.stop() },
    every('API call counts', API_CALLS_FLUSH_MS, () => s.apiTokens.flushCalls(), log, { finalRun: true }),
    { name: 'security limits', start: () => s.limitsStore.start(), stop: () => s.limitsStore.stop() },
    { name: 'site settings', start: () => s.siteStore.start(), stop: () => s.siteStore.stop() },
    { name: 'e-mail settings', start: () => s.emailStore.start(), stop: () => s.emailStore.stop() },
    {
      name: 'two-factor policy',
      start: () => s.twoFactorPolicy.start(),
      stop: () => s.twoFactorPolicy.stop(),
    },
    every(
      'clean-up',
      CLEAN_UP_MS,
      () =>
        Promise.all([
          s.sessions.purgeExpired(),
          s.accountSecurity.purgeExpired(),
          s.limiter.purgeExpired(),
          s.signatures.purgeExpired(),
          s.signatures.purgeOrphanLookups(),
          s.documents.files.purgeStaged(),
          s.idempotency.purgeExpired(),
          s.templateLinks.purgeExpired(),
          s.events.purgeOld(),
          s.webhooks.deliverer.requeueLost(),
        ]),
      log,
    ),
  ];
}
