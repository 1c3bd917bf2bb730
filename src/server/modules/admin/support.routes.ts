import { adminMessages as m } from '#shared/admin/messages.ts';
import { supportMessageSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';

/** The support page's contact form (rate-limited per IP), and the site settings every page reads. */
export function supportRoutes(app: App) {
  const support = app.admin.support;

  app.post('/api/support', { schema: { body: supportMessageSchema } }, async (req, reply) => {
    const result = await support.receive(req.body, { userId: req.session?.user?.id ?? null, ip: req.ip });
    if (result.kind === 'limited') {
      const retryAfter = retryAfterSeconds(result.state, app.clock);
      return reply.code(429).header('Retry-After', String(retryAfter)).send({ message: m.supportTooMany });
    }
    return reply.code(201).send({ message: m.supportReceived });
  });

  app.get('/api/site-settings', async () => {
    const s = app.site;
    return {
      siteName: s.siteName,
      publicUrl: s.publicUrl,
      privacyPolicyUrl: s.privacyPolicyUrl,
      sisterProducts: s.sisterProducts,
      analyticsScriptUrl: s.analyticsScriptUrl,
    };
  });
}
