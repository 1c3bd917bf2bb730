import { sql } from 'kysely';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { requireAdmin } from '#server/plugins/auth.ts';
import { documentCounts } from './admin-documents.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function adminDashboardRoutes(app: App) {
  app.get('/api/admin/dashboard', { onRequest: requireAdmin }, async () => {
    const now = app.clock.now();
    const weekAgo = iso(now - 7 * DAY_MS);
    const soon = iso(now + 14 * DAY_MS);
    const count = sql<number>`count(*)`;
    const { from, to } = app.reports.range();
    const [users, newUsers, sigs, expiring, lookups, chart, recent, documents] = await Promise.all([
      app.db.selectFrom('users').select(count.as('n')).executeTakeFirstOrThrow(),
      app.db
        .selectFrom('users')
        .select(count.as('n'))
        .where('created_at', '>=', weekAgo)
        .executeTakeFirstOrThrow(),
      app.db
        .selectFrom('signatures')
        .select([
          count.as('total'),
          sql<number>`sum(case when user_id is null then 1 else 0 end)`.as('anonymous'),
        ])
        .executeTakeFirstOrThrow(),
      app.db
        .selectFrom('signatures')
        .select(count.as('n'))
        .where('user_id', 'is', null)
        .where('expires_at', '>', iso(now))
        .where('expires_at', '<=', soon)
        .executeTakeFirstOrThrow(),
      app.db
        .selectFrom('daily_stats')
        .select(sql<number>`coalesce(sum(count), 0)`.as('n'))
        .where('metric', 'like', 'lookup:%')
        .executeTakeFirstOrThrow(),
      app.reports.build(from, to),
      app.db
        .selectFrom('activity_log as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .select(['a.id', 'a.event', 'u.email', 'a.ip', 'a.detail', 'a.created_at'])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(10)
        .execute(),
      documentCounts(app),
    ]);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const total = Number(sigs.total);
    const anonymous = Number(sigs.anonymous ?? 0);
    return {
      users: { total: Number(users.n), newThisWeek: Number(newUsers.n) },
      signatures: { total, anonymous, registered: total - anonymous, expiringSoon: Number(expiring.n) },
      lookups: {
        total: Number(lookups.n),
        last30Days: sum(chart.series.lookupsFound) + sum(chart.series.lookupsNotFound),
      },
      documents,
      pageViews: { last30Days: sum(chart.series.pageViews) },
      chart: {
        days: chart.days,
        signups: chart.series.signups,
        signatures: chart.series.signaturesCreated,
        lookups: chart.days.map((_, i) => chart.series.lookupsFound[i]! + chart.series.lookupsNotFound[i]!),
        pageViews: chart.series.pageViews,
      },
      recentActivity: recent.map((r) => ({
        id: r.id,
        event: r.event,
        userEmail: r.email ?? null,
        ip: r.ip,
        detail: r.detail,
        createdAt: r.created_at,
      })),
    };
  });
}
