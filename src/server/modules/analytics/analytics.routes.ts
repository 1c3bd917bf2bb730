import { z } from 'zod';
import { noContent } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { throttled } from '#server/lib/outcomes.ts';
import { PAGE_VIEW_PATH_MAX } from './analytics.service.ts';
import { analyticsMessages as m } from './messages.ts';

export const pageViewSchema = z.object({
  path: z.string().max(PAGE_VIEW_PATH_MAX, m.pathTooLong).regex(/^\//, m.pathNotAbsolute),
  referrer: z.string().max(2000).optional(),
});

/** The page-view counter's window: Retry-After when a network is over its rate. */
const WINDOW_SECONDS = 60;

export function analyticsRoutes(app: App) {
  // Sent with navigator.sendBeacon, which cannot set headers: exempt from CSRF (see plugins/csrf.ts),
  // harmless because it changes nothing a user owns, and rate-limited per IP. The service counts
  // in memory and writes the counts in batches (a beacon per page view is the hottest call there
  // is), so the limit stays there rather than on the route.
  app.post(
    '/api/analytics/pageview',
    { schema: { body: pageViewSchema, response: { 204: noContent } } },
    async (req, reply) => {
      const path = app.analytics.record(req.ip, req.body.path, req.body.referrer);
      if (path === null) throw throttled(m.tooManyPageViews, WINDOW_SECONDS);
      app.dailyStats.add(`pageview:${path}`);
      return reply.code(204).send(undefined);
    },
  );
}
