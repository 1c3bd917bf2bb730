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
import { AdminActivityService } from './modules/admin/admin-activity.service.ts';
import { AdminDashboardService } from './modules/admin/admin-dashboard.service.ts';
import { AdminDiagnosticsService } from './modules/admin/admin-diagnostics.service.ts';
import { AdminDocumentsService } from './modules/admin/admin-documents.service.ts';
import { AdminIpService } from './modules/admin/admin-ip.service.ts';
import { AdminSettingsService } from './modules/admin/admin-settings.service.ts';
import { AdminSignaturesService } from './modules/admin/admin-signatures.service.ts';
import { AdminUsersService } from './modules/admin/admin-users.service.ts';
import { ReportsService } from './modules/admin/reports.service.ts';
import { SupportService } from './modules/admin/support.service.ts';
import { AnalyticsService } from './modules/analytics/analytics.service.ts';
import { Idempotency } from './modules/api/idempotency.ts';
import { ApiTokens } from './modules/api/tokens.service.ts';
import { BlogService } from './modules/blog/blog.service.ts';
import { AnonymousLimits } from './modules/captcha/anonymous-limits.ts';
import { CaptchaService } from './modules/captcha/captcha.service.ts';
import { DocumentsService } from './modules/documents/documents.service.ts';
import { IpTracking } from './modules/ip-tracking/ip-tracking.ts';
import { JobQueue } from './modules/jobs/job-queue.ts';
import { MailService } from './modules/mail/mail.service.ts';
import { PdfPool } from './modules/pdf/pdf-pool.ts';
import { createRequests } from './modules/requests/module.ts';
import type { RequestsService } from './modules/requests/requests.service.ts';
import { TemplatesService } from './modules/templates/templates.service.ts';
import { BulkService } from './modules/templates/bulk.service.ts';
import { SealIssuer } from './modules/seals/issue.ts';
import { SealKeys } from './modules/seals/keys.service.ts';
import { TransparencyLog } from './modules/seals/log.service.ts';
import type { Seals } from './modules/seals/seals.ts';
import { Transparency } from './modules/seals/transparency.ts';
import { SeoService } from './modules/seo/seo.service.ts';
import { SessionStore } from './modules/sessions/session-store.ts';
import { SignaturesService } from './modules/signatures/signatures.service.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import type { EventsService } from './modules/webhooks/events.service.ts';
import { createWebhooks } from './modules/webhooks/module.ts';
import type { WebhooksService } from './modules/webhooks/webhooks.service.ts';

/** Extra facts for the admin diagnostics page (the PDF signing certificate), registered by the features. */
export type DiagnosticSource = () => Promise<Record<string, unknown>>;

/** The admin area's services, behind the admin guard (modules/admin/admin.routes.ts). */
export interface AdminServices {
  activity: AdminActivityService;
  dashboard: AdminDashboardService;
  diagnostics: AdminDiagnosticsService;
  documents: AdminDocumentsService;
  ip: AdminIpService;
  settings: AdminSettingsService;
  signatures: AdminSignaturesService;
  support: SupportService;
  users: AdminUsersService;
}

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
  templates: TemplatesService;
  bulk: BulkService;
  apiTokens: ApiTokens;
  idempotency: Idempotency;
  seals: Seals;
  /** An account's events (the API's feed) and their webhooks; `webhookJobs` is the deliveries' own queue. */
  events: EventsService;
  webhooks: WebhooksService;
  webhookJobs: JobQueue;
  admin: AdminServices;
  /** Filled by the features as they register (routes), read by the admin diagnostics page. */
  diagnosticSources: DiagnosticSource[];
  /** The last server errors, newest last (plugins/errors.ts), for the admin diagnostics page. */
  recentErrors: { at: string; message: string; url: string }[];
}

/**
 * Builds every service on one database and loads what they need before the first request
 * (settings, keys, the signing identity, the block list). Each gets what it depends on through its
 * constructor, and none is changed once built. Starts no timers: background.ts does.
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
  const secretBox = new SecretBox(settingsKey!);

  const { events, webhooks, webhookJobs } = createWebhooks({
    db,
    dialect,
    clock,
    secretBox,
    // The mail service is built below; an endpoint is disabled (and mailed about) only later.
    sendMail: (to, content, link) => mail.send(to, content, link),
    limits: currentLimits,
    publicUrl,
    log,
  });

  const sealKeys = new SealKeys(db, clock, secretBox);
  await sealKeys.init();
  const sealLog = new TransparencyLog(db, clock, sealKeys, log);
  const seals: Seals = { keys: sealKeys, log: sealLog, issuer: new SealIssuer(sealKeys, publicUrl) };
  const transparency = new Transparency(sealLog, seals.issuer, log);

  const signatures = new SignaturesService(db, clock, publicUrl, transparency, events);
  const pdf = new PdfPool();
  const documents = new DocumentsService(db, clock, pdf, signatures, publicUrl, transparency, events);
  await documents.init();
  const mail = new MailService(
    db,
    clock,
    log,
    config.smtpUrl,
    config.mailFrom,
    jobs,
    () => site.siteName,
    (f) => documents.files.get(f.documentId, f.kind),
  );
  const emailStore = createEmailSettingsStore(db, clock, log, (e) =>
    mail.configure(e.host ? smtpSettings(e, secretBox, log) : null),
  );
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
  const accounts = new AccountsService(db, clock, limiter, currentLimits, mail, activity, publicUrl, (err) =>
    log.error({ err: err.message }, 'account background job failed'),
  );
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
  const apiTokens = new ApiTokens(db, clock, limiter);
  const idempotency = new Idempotency(db, clock);
  await ipTracking.refreshBlocked();
  const requests = createRequests({
    db,
    clock,
    publicUrl,
    documents,
    signatures,
    transparency,
    pdf,
    jobs,
    mail,
    events,
    log,
  });
  const templates = new TemplatesService({
    db,
    clock,
    documents,
    requests,
    events,
    defaultQuota: () => currentLimits().storageQuotaBytes,
  });
  const bulk = new BulkService({ db, clock, templates, jobs, events, limits: currentLimits, log });

  const core: Omit<Services, 'admin'> = {
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
    templates,
    bulk,
    apiTokens,
    idempotency,
    seals,
    events,
    webhooks,
    webhookJobs,
    diagnosticSources: [],
    recentErrors: [],
  };
  return { services: { ...core, admin: adminServices(core, log) }, csrfKey: csrfKey! };
}

/** The admin area's services read and change what the others hold: they come last. */
function adminServices(s: Omit<Services, 'admin'>, log: FastifyBaseLogger): AdminServices {
  const activity = new AdminActivityService(s);
  const documents = new AdminDocumentsService(s);
  return {
    activity,
    documents,
    dashboard: new AdminDashboardService(s, activity, documents),
    diagnostics: new AdminDiagnosticsService({ ...s, log }),
    ip: new AdminIpService(s),
    settings: new AdminSettingsService(s),
    signatures: new AdminSignaturesService(s),
    support: new SupportService(s),
    users: new AdminUsersService(s),
  };
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
