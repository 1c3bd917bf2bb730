import { messageAnswer } from '#shared/answers.ts';
import {
  checkResult,
  emailSettings,
  outboxItem,
  paged,
  securitySettings,
  siteSettings,
} from '#shared/admin/answers.ts';
import {
  emailSettingsSchema,
  pageQuery,
  securitySettingsSchema,
  siteSettingsSchema,
  testEmailSchema,
} from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { actorOf } from './actor.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';

/** E-mail, security and site settings, and the outbox (under the admin prefix and guard). */
export function adminSettingsRoutes(app: App, settings: AdminSettingsService) {
  const email = { response: { 200: emailSettings } };
  app.get('/email-settings', { schema: email }, async () => settings.email());

  app.put('/email-settings', { schema: { ...email, body: emailSettingsSchema } }, async (req) =>
    settings.saveEmail(actorOf(req), req.body),
  );

  app.delete('/email-settings', { schema: email }, async (req) => settings.clearEmail(actorOf(req)));

  app.post(
    '/email-settings/test',
    // 502: the mail server the admin configured refused or could not be reached; its reason is
    // the message. Not an outcome of ours, so it is answered here rather than thrown.
    { schema: { body: testEmailSchema, response: { 200: checkResult, 502: messageAnswer } } },
    async (req, reply) => {
      const result = await settings.sendTestMail(actorOf(req), req.body.to);
      return result.ok ? result : reply.code(502).send({ message: result.message });
    },
  );

  app.get(
    '/outbox',
    { schema: { querystring: pageQuery, response: { 200: paged(outboxItem) } } },
    async (req) => settings.outbox(req.query),
  );

  const security = { response: { 200: securitySettings } };
  app.get('/security-settings', { schema: security }, async () => settings.security());

  app.put('/security-settings', { schema: { ...security, body: securitySettingsSchema } }, async (req) =>
    settings.saveSecurity(actorOf(req), req.body),
  );

  const site = { response: { 200: siteSettings } };
  app.get('/settings', { schema: site }, async () => settings.site());

  app.put('/settings', { schema: { ...site, body: siteSettingsSchema } }, async (req) =>
    settings.saveSite(actorOf(req), req.body),
  );
}
