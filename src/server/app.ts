import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthAnswer } from '#shared/answers.ts';
import type { App } from './app-types.ts';
import { backgroundWork } from './background.ts';
import type { Config } from './env.ts';
import { createDb, ping, type Db, type Dialect } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { unavailable } from './lib/outcomes.ts';
import { validatorWithoutNul } from './lib/validator.ts';
import { startAll } from './lifecycle.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { accountSecurityRoutes } from './modules/accounts/security.routes.ts';
import { adminPlugin } from './modules/admin/admin.routes.ts';
import { supportRoutes } from './modules/admin/support.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerOpenApi } from './modules/api/openapi.ts';
import { tokenRoutes } from './modules/api/tokens.routes.ts';
import { documentsV1 } from './modules/api/documents.v1.ts';
import { requestsV1 } from './modules/api/requests.v1.ts';
import { signaturesV1 } from './modules/api/signatures.v1.ts';
import { apiV1Routes } from './modules/api/v1.routes.ts';
import { verificationV1 } from './modules/api/verification.v1.ts';
import { blogRoutes, blogSitemapSource } from './modules/blog/blog.routes.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { mailTemplateRoutes } from './modules/mail/mail.routes.ts';
import { requestRoutes } from './modules/requests/module.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { bulkRoutes } from './modules/templates/bulk.routes.ts';
import { templatesV1 } from './modules/api/templates.v1.ts';
import { bulkV1 } from './modules/api/bulk.v1.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { verifierRoutes } from './modules/seals/verifier.routes.ts';
import { developersRoutes } from './modules/api/developers.routes.ts';
import { registerSeals } from './modules/seals/seals.ts';
import { signatureRoutes } from './modules/signatures/signatures.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { eventsV1, webhooksV1 } from './modules/webhooks/webhooks.v1.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { requireDeclaredAnswers } from './plugins/declared-answers.ts';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { registerIpTracking } from './plugins/ip-tracking.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessionHooks } from './plugins/session.ts';
import { buildServices } from './services.ts';

/** The public API's version: its OpenAPI document's `info.version`. */
const API_VERSION = '1.0.0';

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
  const trustProxy = trustProxySetting(config.trustProxy);
  const requestLogging = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    // Per-request lines only when debugging: at info they would double the log volume of the hot paths.
    logController: new LogController({
      disableRequestLogging: !requestLogging,
    }),
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.decorate('publicHttps', config.publicUrl.startsWith('https:'));
  app.setValidatorCompiler(validatorWithoutNul);
  // Answers go out through their route's zod schema (src/shared/*/answers.ts): unnamed fields are dropped.
  app.setSerializerCompiler(serializerCompiler);
  requireDeclaredAnswers(app);

  const { db, dialect } =
    opts.db ??
    createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'inkproof.db') });
  await migrateToLatest(db, dialect);
  const clock = opts.clock ?? systemClock;
  const { services, csrfKey } = await buildServices({ db, dialect }, clock, config, app.log);
  for (const [name, service] of Object.entries(services)) app.decorate(name, service);
  app.decorate('startedAt', Date.now());

  registerSecurityHeaders(app);
  registerIpTracking(app);
  registerSessionHooks(app);
  registerCsrf(app, csrfKey);
  registerErrorHandling(app);
  if (config.metricsToken) registerMetrics(app, config.metricsToken);

  if (config.webRoot && fs.existsSync(config.webRoot)) {
    await app.register(fastifyStatic, {
      root: path.resolve(config.webRoot),
      // One wildcard route instead of a route per file: the build has ~770 files (with .br/.gz and maps),
      // whose routes cost about a third of start-up; a missing file falls through to the page renderer.
      wildcard: true,
      index: false,
      // Folders (`/`, `/blog/`) are pages, rendered by the not-found handler, never listings; the
      // build's own dot folders (.vite: manifest, preload table, asset ledger) are not for the public.
      allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.includes('/.'),
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

  // Before any route: the OpenAPI document is collected as /api/v1 routes are added.
  await registerOpenApi(app, API_VERSION);
  const health = { schema: { response: { 200: healthAnswer } } };
  app.get('/healthz', health, async () => ({ status: 'ok' }));
  app.get('/readyz', health, async () => {
    if (!(await ping(db))) throw unavailable('Database unavailable');
    return { status: 'ready' };
  });
  captchaRoutes(app);
  accountRoutes(app);
  accountSecurityRoutes(app);
  signatureRoutes(app);
  verificationRoutes(app);
  documentRoutes(app);
  void app.register(adminPlugin);
  supportRoutes(app);
  analyticsRoutes(app);
  mailTemplateRoutes(app);
  blogRoutes(app);
  seoRoutes(app, [blogSitemapSource(app)]);
  requestRoutes(app);
  templateRoutes(app);
  bulkRoutes(app);
  webhookRoutes(app);
  tokenRoutes(app);
  apiV1Routes(app, [
    documentsV1,
    requestsV1,
    templatesV1,
    bulkV1,
    signaturesV1,
    verificationV1,
    eventsV1,
    webhooksV1,
  ]);
  registerSeals(app);
  verifierRoutes(app, config.webRoot);
  developersRoutes(app, config.webRoot);

  const stopBackgroundWork = await startAll(
    backgroundWork(services, app.log, { closeDb: !opts.db }),
    app.log,
  );
  app.addHook('onClose', stopBackgroundWork);
  return app;
}
