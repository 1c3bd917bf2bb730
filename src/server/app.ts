import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './env.ts';
import { createDb, ping, type Db, type Dialect } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { SecurityLimits } from './lib/limits.ts';
import { createLimitsStore } from './lib/limits-store.ts';
import type { SettingsStore } from './lib/settings-store.ts';
import { createSiteSettingsStore, type SiteSettings } from './lib/site-settings.ts';
import { createEmailSettingsStore, type EmailSettings } from './lib/email-settings.ts';
import { SecretBox } from './lib/secret-box.ts';
import { validatorWithoutNul } from './lib/validator.ts';
import { holdImagePool, releaseImagePool } from './lib/image-pool.ts';
import { ReportsService } from './modules/admin/reports.service.ts';
import type { DiagnosticSource } from './modules/admin/admin-diagnostics.routes.ts';
import { supportRoutes } from './modules/admin/support.routes.ts';
import { blogRoutes, blogSitemapSource } from './modules/blog/blog.routes.ts';
import { BlogService } from './modules/blog/blog.service.ts';
import { DbRateLimiter } from './lib/rate-limiter.ts';
import { loadSecret } from './lib/secrets.ts';
import { ActivityService } from './modules/activity/activity.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { AnonymousLimits } from './modules/captcha/anonymous-limits.ts';
import { hmac } from './lib/crypto.ts';
import { MailService } from './modules/mail/mail.service.ts';
import { JobQueue } from './modules/jobs/job-queue.ts';
import { jobsAdminRoutes } from './modules/jobs/jobs-admin.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { AnalyticsService } from './modules/analytics/analytics.service.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { SeoService } from './modules/seo/seo.service.ts';
import { mailTemplateRoutes } from './modules/mail/mail.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { DocumentsService } from './modules/documents/documents.service.ts';
import { PdfPool } from './modules/pdf/pdf-pool.ts';
import { signatureRoutes } from './modules/signatures/signatures.routes.ts';
import { SignaturesService } from './modules/signatures/signatures.service.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import { registerRequests } from './modules/requests/module.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { IpTracking, registerIpTracking } from './plugins/ip-tracking.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { DailyStats } from './lib/daily-stats.ts';
import { registerSessionHooks, SessionStore, type SessionState } from './plugins/session.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: Dialect;
    clock: Clock;
    limits: SecurityLimits;
    limitsStore: SettingsStore<SecurityLimits>;
    site: SiteSettings;
    siteStore: SettingsStore<SiteSettings>;
    emailStore: SettingsStore<EmailSettings>;
    secretBox: SecretBox;
    reports: ReportsService;
    blog: BlogService;
    diagnosticSources: DiagnosticSource[];
    limiter: DbRateLimiter;
    sessions: SessionStore;
    anonymousLimits: AnonymousLimits;
    captcha: CaptchaService;
    mail: MailService;
    activity: ActivityService;
    accounts: AccountsService;
    signatures: SignaturesService;
    documents: DocumentsService;
    pdf: PdfPool;
    verification: VerificationService;
    analytics: AnalyticsService;
    ipTracking: IpTracking;
    dailyStats: DailyStats;
    seo: SeoService;
    recentErrors: { at: string; message: string; url: string }[];
    startedAt: number;
  }
  interface FastifyRequest {
    session: SessionState | null;
  }
}

export interface BuildOptions {
  config: Config;
  /** An open database (tests); otherwise one is opened from the configuration. */
  db?: { db: Db; dialect: Dialect };
  clock?: Clock;
  logger?: boolean | object;
}

function trustProxySetting(value: string | undefined): boolean | string[] {
  if (!value) return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy: trustProxySetting(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    // Per-request lines only when debugging: at info they would double the log volume of the hot paths.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorWithoutNul);
  app.setSerializerCompiler(serializerCompiler);

  const { db, dialect } =
    opts.db ??
    createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'inkproof.db') });
  await migrateToLatest(db, dialect);
  const clock = opts.clock ?? systemClock;
  const limitsStore = createLimitsStore(db, clock);
  const siteStore = createSiteSettingsStore(db, clock, config.publicUrl);
  await Promise.all([limitsStore.load(), siteStore.load()]);
  const limits = limitsStore.current;
  const site = siteStore.current;
  const publicUrl = () => site.publicUrl;
  const limiter = new DbRateLimiter(db, clock);
  const activity = new ActivityService(db, clock);
  const jobQueue = new JobQueue(db, dialect, clock, app.log);
  const mail = new MailService(db, clock, app.log, config.smtpUrl, config.mailFrom, jobQueue);
  const [csrfKey, captchaKey, analyticsKey, settingsKey] = await Promise.all(
    ['csrf-key', 'captcha-key', 'analytics-key', 'settings-key'].map((name) => loadSecret(db, name)),
  );
  const secretBox = new SecretBox(settingsKey!);
  const emailStore = createEmailSettingsStore(db, clock);
  emailStore.onChange = (e) =>
    mail.configure(
      e.host
        ? {
            host: e.host,
            port: e.port,
            security: e.security,
            user: e.user,
            password: secretBox.open(e.passwordSealed) ?? '',
            from: e.from,
          }
        : null,
    );
  await emailStore.load();
  const analytics = new AnalyticsService(
    db,
    clock,
    limiter,
    analyticsKey!,
    () => new URL(site.publicUrl).hostname,
    app.log,
  );
  const captcha = new CaptchaService(db, clock, captchaKey!, config.testCaptcha);
  const verification = new VerificationService(
    db,
    clock,
    limiter,
    () => limits,
    captcha,
    (ip, event) =>
      void activity
        .log(event, { ip })
        .catch((err: Error) => app.log.warn({ err: err.message }, 'activity log failed')),
    app.log,
  );

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('clock', clock);
  app.decorate('limits', limits);
  app.decorate('limitsStore', limitsStore);
  app.decorate('site', site);
  app.decorate('siteStore', siteStore);
  app.decorate('emailStore', emailStore);
  app.decorate('secretBox', secretBox);
  app.decorate('reports', new ReportsService(db, clock));
  app.decorate('blog', new BlogService(db, clock));
  app.decorate('diagnosticSources', []);
  app.decorate('limiter', limiter);
  app.decorate('activity', activity);
  app.decorate('mail', mail);
  app.decorate('jobs', jobQueue);
  app.decorate('sessions', new SessionStore(db, clock, () => limits, hmac(csrfKey!, 'anonymous-session')));
  const anonymousLimits = new AnonymousLimits(limiter, clock, () => limits, app.log);
  app.decorate('anonymousLimits', anonymousLimits);
  app.decorate('captcha', captcha);
  app.decorate('signatures', new SignaturesService(db, clock, publicUrl));
  const pdf = new PdfPool();
  holdImagePool(); // sharp and SVG work in child processes, shared by the apps of this process
  const documents = new DocumentsService(db, clock, pdf, app.signatures, publicUrl);
  await documents.init();
  app.decorate('pdf', pdf);
  app.decorate('documents', documents);
  app.decorate('verification', verification);
  app.decorate('analytics', analytics);
  const ipTracking = new IpTracking(db, clock, app.log);
  await ipTracking.refreshBlocked();
  app.decorate('ipTracking', ipTracking);
  const dailyStats = new DailyStats(db, clock, app.log);
  app.decorate('dailyStats', dailyStats);
  app.decorate('seo', new SeoService(() => site, config.webRoot));
  app.decorate('accounts', new AccountsService(db, clock, limiter, () => limits, mail, activity, publicUrl));
  app.decorate('recentErrors', []);
  app.decorate('startedAt', Date.now());

  registerSecurityHeaders(app);
  registerIpTracking(app);
  registerSessionHooks(app);
  registerCsrf(app, csrfKey!);
  registerErrorHandling(app);
  if (config.metricsToken) registerMetrics(app, config.metricsToken);

  if (config.webRoot && fs.existsSync(config.webRoot)) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.webRoot),
      // One wildcard route instead of a route per file: the build has ~770 files (with .br/.gz and maps),
      // whose routes cost about a third of start-up; a missing file falls through to the page renderer.
      wildcard: true,
      index: false,
      // Folders (`/`, `/blog/`) are pages, rendered by the not-found handler, never listings.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      // the build writes .br/.gz beside each asset (scripts/vite-precompress.ts)
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) =>
    (await ping(db)) ? { status: 'ready' } : reply.code(503).send({ message: 'Database unavailable' }),
  );
  captchaRoutes(app);
  accountRoutes(app);
  signatureRoutes(app);
  verificationRoutes(app);
  documentRoutes(app);
  adminRoutes(app);
  supportRoutes(app);
  analyticsRoutes(app);
  mailTemplateRoutes(app);
  blogRoutes(app);
  seoRoutes(app, [blogSitemapSource(app)]);
  jobsAdminRoutes(app);
  registerRequests(app);

  const jobs = setInterval(
    () => {
      void Promise.all([
        app.sessions.purgeExpired(),
        limiter.purgeExpired(),
        app.signatures.purgeExpired(),
        app.signatures.purgeOrphanLookups(),
      ]).catch((err: Error) => app.log.warn({ err: err.message }, 'clean-up job failed'));
    },
    10 * 60 * 1000,
  );
  jobs.unref();

  verification.start();
  jobQueue.start();
  anonymousLimits.start();
  analytics.start();
  ipTracking.start();
  const statsTimer = setInterval(
    () =>
      void dailyStats
        .flush()
        .catch((err: Error) => app.log.warn({ err: err.message }, 'daily statistics flush failed')),
    2000,
  );
  statsTimer.unref();
  limitsStore.start();
  siteStore.start();
  emailStore.start();
  app.addHook('onClose', async () => {
    clearInterval(jobs);
    limitsStore.stop();
    siteStore.stop();
    emailStore.stop();
    await verification.stop();
    await anonymousLimits.stop();
    await analytics.stop();
    await ipTracking.stop();
    clearInterval(statsTimer);
    await dailyStats.flush();
    await jobQueue.stop();
    await mail.close();
    await pdf.close();
    await releaseImagePool();
    if (!opts.db) await db.destroy();
  });
  return app;
}
