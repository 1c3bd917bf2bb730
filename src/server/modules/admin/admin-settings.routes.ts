import type {
  CheckResult,
  EmailSettings,
  OutboxItem,
  SecuritySettings,
  SiteSettings,
} from '#shared/admin/answers.ts';
import {
  emailSettingsSchema,
  pageQuery,
  securitySettingsSchema,
  siteSettingsSchema,
  testEmailSchema,
  type Paged,
} from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { actorOf } from './actor.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';

/** E-mail, security and site settings, and the outbox (under the admin prefix and guard). */
export function adminSettingsRoutes(app: App, settings: AdminSettingsService) {
  app.get('/email-settings', async () => settings.email() satisfies EmailSettings);

  app.put(
    '/email-settings',
    { schema: { body: emailSettingsSchema } },
    async (req) => (await settings.saveEmail(actorOf(req), req.body)) satisfies EmailSettings,
  );

  app.delete(
    '/email-settings',
    async (req) => (await settings.clearEmail(actorOf(req))) satisfies EmailSettings,
  );

  app.post('/email-settings/test', { schema: { body: testEmailSchema } }, async (req, reply) => {
    const result = await settings.sendTestMail(actorOf(req), req.body.to);
    return result.ok ? (result satisfies CheckResult) : reply.code(502).send({ message: result.message });
  });

  app.get(
    '/outbox',
    { schema: { querystring: pageQuery } },
    async (req) => (await settings.outbox(req.query)) satisfies Paged<OutboxItem>,
  );

  app.get('/security-settings', async () => settings.security() satisfies SecuritySettings);

  app.put(
    '/security-settings',
    { schema: { body: securitySettingsSchema } },
    async (req) => (await settings.saveSecurity(actorOf(req), req.body)) satisfies SecuritySettings,
  );

  app.get('/settings', async () => settings.site() satisfies SiteSettings);

  app.put(
    '/settings',
    { schema: { body: siteSettingsSchema } },
    async (req) => (await settings.saveSite(actorOf(req), req.body)) satisfies SiteSettings,
  );
}
