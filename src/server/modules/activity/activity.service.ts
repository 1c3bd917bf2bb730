import type { ActivityEvent } from '#shared/admin/activity.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';

export { activityEvents, type ActivityEvent } from '#shared/admin/activity.ts';

/** The security log: who did what, when, from where. Never a password, token or code. */
export class ActivityService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async log(event: ActivityEvent, e: { userId?: number | null; ip?: string | null; detail?: string | null }) {
    await this.db
      .insertInto('activity_log')
      .values({
        event,
        user_id: e.userId ?? null,
        ip: e.ip ?? null,
        detail: e.detail?.slice(0, 500) ?? null,
        created_at: iso(this.clock.now()),
      })
      .execute();
  }
}
