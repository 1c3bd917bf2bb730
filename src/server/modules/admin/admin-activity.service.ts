import type { z } from 'zod';
import type { ActivityItem } from '#shared/admin/answers.ts';
import type { adminActivitiesQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { eventsLabelled } from '#shared/admin/activity.ts';
import { contains } from './like.ts';
import { countOf, pagedList } from './paged-list.ts';

type ActivitiesQuery = z.infer<typeof adminActivitiesQuery>;

/** The activity log, searched and paged for admins; it may hold millions of rows. */
export class AdminActivityService {
  constructor(private readonly app: Pick<App, 'db'>) {}

  list({ q, event, userId, ...page }: ActivitiesQuery) {
    const { db } = this.app;
    let base = db.selectFrom('activity_log as a');
    if (event) base = base.where('a.event', '=', event);
    if (userId) base = base.where('a.user_id', '=', userId);
    if (q) {
      // Search stays on indexes at a million rows: an IP prefix, or the users whose e-mail or
      // name contains the text (a scan of the users table, not of the log).
      // A search matches the IP (by prefix), the users whose e-mail or name contains the text,
      // the events whose label contains it, and the details that contain it. The details are
      // scanned (a LIKE with a leading %): fine for an admin's search of a large log, and the
      // other conditions keep their indexes.
      const users = db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([contains('email', q), contains('name', q)]))
        .limit(1000);
      const labelled = eventsLabelled(q);
      base = base.where((eb) =>
        eb.or([
          ...(/^[0-9a-fA-F.:]+$/.test(q) ? [eb('a.ip', '>=', q).and('a.ip', '<', `${q}\uffff`)] : []),
          eb('a.user_id', 'in', users),
          contains('a.detail', q),
          ...(labelled.length ? [eb('a.event', 'in', labelled)] : []),
        ]),
      );
    }
    return pagedList(page, {
      // Deferred join: find the page's ids on the index, then fetch those rows with their users.
      rows: ({ limit, offset }) =>
        db
          .selectFrom('activity_log as a')
          .leftJoin('users as u', 'u.id', 'a.user_id')
          .select(['a.id', 'a.event', 'a.user_id', 'u.email', 'a.ip', 'a.detail', 'a.created_at'])
          .where(
            'a.id',
            'in',
            base
              .select('a.id')
              .orderBy('a.created_at', 'desc')
              .orderBy('a.id', 'desc')
              .limit(limit)
              .offset(offset),
          )
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .execute(),
      total: () => countOf(base),
      items: (rows) =>
        rows.map((r): ActivityItem => ({
          id: r.id,
          event: r.event,
          userId: r.user_id,
          userEmail: r.email ?? null,
          ip: r.ip,
          detail: r.detail,
          createdAt: r.created_at,
        })),
    });
  }

  /** The newest entries with their users' e-mails, for the dashboard. */
  async recent(limit: number): Promise<ActivityItem[]> {
    const rows = await this.app.db
      .selectFrom('activity_log as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.event', 'u.email', 'a.ip', 'a.detail', 'a.created_at'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      event: r.event,
      userEmail: r.email ?? null,
      ip: r.ip,
      detail: r.detail,
      createdAt: r.created_at,
    }));
  }
}
