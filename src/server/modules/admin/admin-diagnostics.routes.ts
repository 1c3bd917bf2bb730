import { checkResult, diagnostics, logLevelAnswer } from '#shared/admin/answers.ts';
import { logLevelSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { actorOf } from './actor.ts';
import type { AdminDiagnosticsService } from './admin-diagnostics.service.ts';

export type { DiagnosticSource } from './admin-diagnostics.service.ts';

/** /api/admin/diagnostics… (under the admin prefix and guard). */
export function adminDiagnosticsRoutes(app: App, service: AdminDiagnosticsService) {
  app.get('/diagnostics', { schema: { response: { 200: diagnostics } } }, async () => service.report());

  app.post('/diagnostics/mail-check', { schema: { response: { 200: checkResult } } }, async () =>
    app.mail.check(),
  );

  app.put(
    '/diagnostics/log-level',
    { schema: { body: logLevelSchema, response: { 200: logLevelAnswer } } },
    async (req) => ({ logLevel: await service.setLogLevel(actorOf(req), req.body.level) }),
  );
}
