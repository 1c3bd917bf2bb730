import type { ActivityItem } from '#shared/admin/answers.ts';
import { adminActivitiesQuery, type Paged } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { activityEvents } from '../activity/activity.service.ts';
import type { AdminActivityService } from './admin-activity.service.ts';

/** /api/admin/activities… (registered under the admin prefix and guard). */
export function adminActivityRoutes(app: App, activities: AdminActivityService) {
  app.get(
    '/activities',
    { schema: { querystring: adminActivitiesQuery } },
    async (req) => (await activities.list(req.query)) satisfies Paged<ActivityItem>,
  );

  app.get('/activities/events', async () => [...activityEvents] satisfies string[]);
}
