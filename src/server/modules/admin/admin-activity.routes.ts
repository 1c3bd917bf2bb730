import { adminActivitiesQuery } from '#shared/admin/schemas.ts';
import type { App } from '../../app.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { contains } from './like.ts';
import { activityEvents } from '../activity/activity.service.ts';

export function adminActivityRoutes(app: App) {
  app.get(
    '/api/admin/activities',
    { onRequest: requireAdmin, schema: { querystring: adminActivitiesQuery } },
    async (req) => {
      const { page, pageSize, q, event, userId } = req.query;
      let base = app.db.selectFrom('activity_log as a').leftJoin('users as u', 'u.id', 'a.user_id');
      if (event) base = base.where('a.event', '=', event);
      if (userId) base = base.where('a.user_id', '=', userId);
      if (q)
        base = base.where((eb) =>
          eb.or([contains('a.ip', q), contains('a.detail', q), contains('u.email', q)]),
        );
      const [rows, count] = await Promise.all([
        base
          .select(['a.id', 'a.event', 'a.user_id', 'u.email', 'a.ip', 'a.detail', 'a.created_at'])
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          event: r.event,
          userId: r.user_id,
          userEmail: r.email ?? null,
          ip: r.ip,
          detail: r.detail,
          createdAt: r.created_at,
        })),
        total: Number(count.n),
      };
    },
  );

  app.get('/api/admin/activities/events', { onRequest: requireAdmin }, async () => [...activityEvents]);
}
