import { z } from 'zod';
import { activityItem, paged } from '#shared/admin/answers.ts';
import { adminActivitiesQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { activityEvents } from '../activity/activity.service.ts';
import type { AdminActivityService } from './admin-activity.service.ts';

/** /api/admin/activities… (registered under the admin prefix and guard). */
export function adminActivityRoutes(app: App, activities: AdminActivityService) {
  app.get(
    '/activities',
    { schema: { querystring: adminActivitiesQuery, response: { 200: paged(activityItem) } } },
    async (req) => activities.list(req.query),
  );

  app.get('/activities/events', { schema: { response: { 200: z.array(z.string()) } } }, async () => [
    ...activityEvents,
  ]);
}
