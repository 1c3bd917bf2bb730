import { supportMessageSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';

const HOUR_MS = 60 * 60 * 1000;
const PER_IP_PER_HOUR = 5;

/** The support page's contact form: stored for the admins, rate-limited per IP. */
export function supportRoutes(app: App) {
  app.post('/api/support', { schema: { body: supportMessageSchema } }, async (req, reply) => {
    const state = await app.limiter.hit(`support:ip:${req.ip}`, HOUR_MS);
    if (state.count > PER_IP_PER_HOUR) {
      const retryAfter = retryAfterSeconds(state, app.clock);
      return reply.code(429).header('Retry-After', String(retryAfter)).send({
        message: 'You have sent several messages already. Please wait a while before sending another.',
      });
    }
    const user = req.session?.user ?? null;
    await app.db
      .insertInto('support_messages')
      .values({ ...req.body, user_id: user?.id ?? null, created_at: iso(app.clock.now()) })
      .execute();
    await app.activity.log('support-message', {
      userId: user?.id ?? null,
      ip: req.ip,
      detail: req.body.subject,
    });
    return reply
      .code(201)
      .send({ message: 'Thank you. Your message has reached our team; we will answer by e-mail.' });
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
