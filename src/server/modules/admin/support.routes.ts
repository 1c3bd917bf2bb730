import { messageAnswer } from '#shared/answers.ts';
import { siteSettings } from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { supportMessageSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A person with a question writes once or twice; more from one network is a flood. */
const MESSAGES_PER_IP_PER_HOUR = 5;

/** The support page's contact form (rate-limited per IP), and the site settings every page reads. */
export function supportRoutes(app: App) {
  const support = app.admin.support;

  app.post(
    '/api/support',
    {
      schema: { body: supportMessageSchema, response: { 201: messageAnswer } },
      preHandler: rateLimit(app, {
        key: (req) => `support:ip:${req.ip}`,
        max: () => MESSAGES_PER_IP_PER_HOUR,
        windowMs: HOUR_MS,
        message: m.supportTooMany,
      }),
    },
    async (req, reply) => {
      await support.receive(req.body, { userId: req.session?.user?.id ?? null, ip: req.ip });
      return reply.code(201).send({ message: m.supportReceived });
    },
  );

  app.get('/api/site-settings', { schema: { response: { 200: siteSettings } } }, async () => app.site);
}
