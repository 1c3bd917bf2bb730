import { z } from 'zod';
import type { App } from '#server/app-types.ts';
import { PAGE_VIEW_PATH_MAX } from './analytics.service.ts';
import { analyticsMessages as m } from './messages.ts';

export const pageViewSchema = z.object({
  path: z.string().max(PAGE_VIEW_PATH_MAX, m.pathTooLong).regex(/^\//, m.pathNotAbsolute),
  referrer: z.string().max(2000).optional(),
});

export function analyticsRoutes(app: App) {
  // Sent with navigator.sendBeacon, which cannot set headers: exempt from CSRF (see plugins/csrf.ts),
  // harmless because it changes nothing a user owns, and rate-limited per IP.
  app.post('/api/analytics/pageview', { schema: { body: pageViewSchema } }, async (req, reply) => {
    const path = app.analytics.record(req.ip, req.body.path, req.body.referrer);
    if (path === null) {
      return reply.code(429).header('Retry-After', '60').send({ message: m.tooManyPageViews });
    }
    app.dailyStats.add(`pageview:${path}`);
    return reply.code(204).send();
  });
}
