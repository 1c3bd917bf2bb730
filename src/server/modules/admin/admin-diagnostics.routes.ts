import type { CheckResult, Diagnostics } from '#shared/admin/answers.ts';
import { logLevelSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { actorOf } from './actor.ts';
import type { AdminDiagnosticsService } from './admin-diagnostics.service.ts';

export type { DiagnosticSource } from './admin-diagnostics.service.ts';

/** /api/admin/diagnostics… (under the admin prefix and guard). */
export function adminDiagnosticsRoutes(app: App, diagnostics: AdminDiagnosticsService) {
  app.get('/diagnostics', async () => (await diagnostics.report()) satisfies Diagnostics);

  app.post('/diagnostics/mail-check', async () => (await app.mail.check()) satisfies CheckResult);

  app.put('/diagnostics/log-level', { schema: { body: logLevelSchema } }, async (req) => ({
    logLevel: await diagnostics.setLogLevel(actorOf(req), req.body.level),
  }));
}
