import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env.ts';
import type { Db, Dialect } from './db/kysely.ts';
import type { Clock } from './lib/clock.ts';
import { hmac } from './lib/crypto.ts';
import { DailyStats } from './lib/daily-stats.ts';
import { createEmailSettingsStore, type EmailSettings } from './lib/email-settings.ts';
import type { SecurityLimits } from './lib/limits.ts';
import { createLimitsStore } from './lib/limits-store.ts';
import { DbRateLimiter } from './lib/rate-limiter.ts';
import { SecretBox } from './lib/secret-box.ts';
import { loadSecret } from './lib/secrets.ts';
import type { SettingsStore } from './lib/settings-store.ts';
import { createSiteSettingsStore, type SiteSettings } from './lib/site-settings.ts';
import { AccountSecurity } from './modules/accounts/account-security.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { createTwoFactorPolicyStore, type TwoFactorPolicy } from './modules/accounts/two-factor-policy.ts';
import { ActivityService } from './modules/activity/activity.service.ts';
import { ReportsService } from './modules/admin/reports.service.ts';
import { AnalyticsService } from './modules/analytics/analytics.service.ts';
import { BlogService } from './modules/blog/blog.service.ts';
import { AnonymousLimits } from './modules/captcha/anonymous-limits.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { DocumentsService } from './modules/documents/documents.service.ts';
import { JobQueue } from './modules/jobs/job-queue.ts';
import { MailService } from './modules/mail/mail.service.ts';
import { PdfPool } from './modules/pdf/pdf-pool.ts';
import { createRequests } from './modules/requests/module.ts';
import type { RequestsService } from './modules/requests/requests.service.ts';
import { SeoService } from './modules/seo/seo.service.ts';
import { SignaturesService } from './modules/signatures/signatures.service.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import { IpTracking } from './plugins/ip-tracking.ts';
import { SessionStore } from './plugins/session.ts';

/** What the app carries besides Fastify's own members: decorated onto it, typed by app-types.ts. */
export interface Services {
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
  limiter: DbRateLimiter;
  sessions: SessionStore;
  anonymousLimits: AnonymousLimits;
  captcha: CaptchaService;
  jobs: JobQueue;
  mail: MailService;
  activity: ActivityService;
  accounts: AccountsService;
  accountSecurity: AccountSecurity;
  twoFactorPolicy: SettingsStore<TwoFactorPolicy>;
  signatures: SignaturesService;
  documents: DocumentsService;
  pdf: PdfPool;
  verification: VerificationService;
  analytics: AnalyticsService;
  ipTracking: IpTracking;
  dailyStats: DailyStats;
  seo: SeoService;
  requests: RequestsService;
}

/**
 * Builds every service on one database and loads what they need before the first request
 * (settings, keys, the signing identity, the block list). Starts no timers: background.ts does.
 */
export async function buildServices(
  { db, dialect }: { db: Db; dialect: Dialect },
  clock: Clock,
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ services: Services; csrfKey: string }> {
  const limitsStore = createLimitsStore(db, clock, log);
  const siteStore = createSiteSettingsStore(db, clock, config.publicUrl, log);
  const twoFactorPolicy = createTwoFactorPolicyStore(db, clock, log);
  await Promise.all([limitsStore.load(), siteStore.load(), twoFactorPolicy.load()]);
  const limits = limitsStore.current;
  const site = siteStore.current;
  const currentLimits = () => limits;
  const publicUrl = () => site.publicUrl;
  const [csrfKey, captchaKey, analyticsKey, settingsKey] = await Promise.all(
    ['csrf-key', 'captcha-key', 'analytics-key', 'settings-key'].map((name) => loadSecret(db, name)),
  );

  const limiter = new DbRateLimiter(db, clock);
  const activity = new ActivityService(db, clock);
  const jobs = new JobQueue(db, dialect, clock, log);
  const mail = new MailService(db, clock, log, config.smtpUrl, config.mailFrom, jobs, () => site.siteName);
  const secretBox = new SecretBox(settingsKey!);
  const emailStore = createEmailSettingsStore(db, clock, log);
  emailStore.onChange = (e) => mail.configure(e.host ? smtpSettings(e, secretBox, log) : null);
  await emailStore.load();

  const captcha = new CaptchaService(db, clock, captchaKey!, config.testCaptcha);
  const analytics = new AnalyticsService(
    db,
    clock,
    limiter,
    analyticsKey!,
    () => new URL(site.publicUrl).hostname,
    log,
  );
  const verification = new VerificationService(
    db,
    clock,
    limiter,
    currentLimits,
    captcha,
    (ip, event) =>
      void activity
        .log(event, { ip })
        .catch((err: Error) => log.warn({ err: err.message }, 'activity log failed')),
    log,
  );
  const signatures = new SignaturesService(db, clock, publicUrl);
  const pdf = new PdfPool();
  const documents = new DocumentsService(db, clock, pdf, signatures, publicUrl);
  await documents.init();
  mail.loadFile = (f) => documents.files.get(f.documentId, f.kind);
  const accounts = new AccountsService(db, clock, limiter, currentLimits, mail, activity, publicUrl);
  accounts.onBackgroundError = (err) => log.error({ err: err.message }, 'account background job failed');
  const accountSecurity = new AccountSecurity({
    db,
    clock,
    secretBox,
    keyMaterial: settingsKey!,
    limiter,
    limits: currentLimits,
    policy: twoFactorPolicy,
    mail,
    activity,
    publicUrl,
    siteName: () => site.siteName,
  });
  const ipTracking = new IpTracking(db, clock, log);
  await ipTracking.refreshBlocked();
  const requests = createRequests({ db, clock, publicUrl, documents, signatures, pdf, jobs, mail, log });

  const services: Services = {
    config,
    db,
    dialect,
    clock,
    limits,
    limitsStore,
    site,
    siteStore,
    emailStore,
    secretBox,
    reports: new ReportsService(db, clock),
    blog: new BlogService(db, clock),
    limiter,
    sessions: new SessionStore(db, clock, currentLimits, hmac(csrfKey!, 'anonymous-session')),
    anonymousLimits: new AnonymousLimits(limiter, clock, currentLimits, log),
    captcha,
    jobs,
    mail,
    activity,
    accounts,
    accountSecurity,
    twoFactorPolicy,
    signatures,
    documents,
    pdf,
    verification,
    analytics,
    ipTracking,
    dailyStats: new DailyStats(db, clock, log),
    seo: new SeoService(() => site, config.webRoot),
    requests,
  };
  return { services, csrfKey: csrfKey! };
}

function smtpSettings(e: EmailSettings, secretBox: SecretBox, log: FastifyBaseLogger) {
  const password = secretBox.open(e.passwordSealed);
  if (password === null && e.passwordSealed)
    log.warn('the saved SMTP password cannot be opened with this key');
  return {
    host: e.host,
    port: e.port,
    security: e.security,
    user: e.user,
    password: password ?? '',
    from: e.from,
  };
}
