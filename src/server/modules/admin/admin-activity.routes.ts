import { adminActivitiesQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { contains } from './like.ts';
import { activityEvents } from '../activity/activity.service.ts';

export function adminActivityRoutes(app: App) {
  app.get(
    '/api/admin/activities',
    { onRequest: requireAdmin, schema: { querystring: adminActivitiesQuery } },
    async (req) => {
      const { page, pageSize, q, event, userId } = req.query;
      let base = app.db.selectFrom('activity_log as a');
      if (event) base = base.where('a.event', '=', event);
      if (userId) base = base.where('a.user_id', '=', userId);
      if (q) {
        // Search stays on indexes at a million rows: an IP prefix, or the users whose e-mail or
        // name contains the text (a scan of the users table, not of the log).
        if (/^[0-9a-fA-F.:]+$/.test(q)) {
          base = base.where('a.ip', '>=', q).where('a.ip', '<', `${q}\uffff`);
        } else {
          const users = app.db
            .selectFrom('users')
            .select('id')
            .where((eb) => eb.or([contains('email', q), contains('name', q)]))
            .limit(1000);
          base = base.where('a.user_id', 'in', users);
        }
      }
      // Deferred join: find the page's ids on the index, then fetch those rows with their users.
      const ids = base
        .select('a.id')
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [rows, count] = await Promise.all([
        app.db
          .selectFrom('activity_log as a')
          .leftJoin('users as u', 'u.id', 'a.user_id')
          .select(['a.id', 'a.event', 'a.user_id', 'u.email', 'a.ip', 'a.detail', 'a.created_at'])
          .where('a.id', 'in', ids)
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
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
