import { sql } from 'kysely';
import type { Dashboard } from '#shared/admin/answers.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import type { AdminActivityService } from './admin-activity.service.ts';
import type { AdminDocumentsService } from './admin-documents.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const count = sql<number>`count(*)`;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The admin's first page: totals, the last 30 days and the newest activity. */
export class AdminDashboardService {
  constructor(
    private readonly app: Pick<App, 'db' | 'clock' | 'reports'>,
    private readonly activity: AdminActivityService,
    private readonly documents: AdminDocumentsService,
  ) {}

  async build(): Promise<Dashboard> {
    const { db } = this.app;
    const now = this.app.clock.now();
    const { from, to } = this.app.reports.range();
    const [users, newUsers, sigs, expiring, lookups, chart, recentActivity, documents] = await Promise.all([
      db.selectFrom('users').select(count.as('n')).executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select(count.as('n'))
        .where('created_at', '>=', iso(now - 7 * DAY_MS))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('signatures')
        .select([
          count.as('total'),
          sql<number>`sum(case when user_id is null then 1 else 0 end)`.as('anonymous'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('signatures')
        .select(count.as('n'))
        .where('user_id', 'is', null)
        .where('expires_at', '>', iso(now))
        .where('expires_at', '<=', iso(now + 14 * DAY_MS))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('daily_stats')
        .select(sql<number>`coalesce(sum(count), 0)`.as('n'))
        .where('metric', 'like', 'lookup:%')
        .executeTakeFirstOrThrow(),
      this.app.reports.build(from, to),
      this.activity.recent(10),
      this.documents.counts(),
    ]);
    const total = Number(sigs.total);
    const anonymous = Number(sigs.anonymous ?? 0);
    const { series } = chart;
    return {
      users: { total: Number(users.n), newThisWeek: Number(newUsers.n) },
      signatures: { total, anonymous, registered: total - anonymous, expiringSoon: Number(expiring.n) },
      lookups: {
        total: Number(lookups.n),
        last30Days: sum(series.lookupsFound) + sum(series.lookupsNotFound),
      },
      documents,
      pageViews: { last30Days: sum(series.pageViews) },
      chart: {
        days: chart.days,
        signups: series.signups,
        signatures: series.signaturesCreated,
        lookups: chart.days.map((_, i) => series.lookupsFound[i]! + series.lookupsNotFound[i]!),
        pageViews: series.pageViews,
      },
      recentActivity,
    };
  }
}
