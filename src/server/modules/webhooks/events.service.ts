import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventAnswer, EventType } from '#shared/api/events.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { JobQueue } from '#server/modules/jobs/job-queue.ts';

/** How old an event is before the feed shows it (see page). */
export const FEED_SETTLE_MS = 2000;

/** Events are kept this long: the feed reaches back 30 days, and so does Redeliver. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** What the domain services call: records what happened in an account, for the feed and webhooks. */
export interface EventSink {
  emit(userId: number, type: EventType, data: Record<string, unknown>, trx?: Db): Promise<void>;
}

export const newEventId = () => `evt_${crypto.randomBytes(12).toString('hex')}`;

export interface EventRow {
  id: number;
  public_id: string;
  type: string;
  data: string;
  created_at: string;
}

export const toEventAnswer = (r: EventRow): EventAnswer => ({
  id: r.public_id,
  type: r.type as EventType,
  timestamp: r.created_at,
  data: JSON.parse(r.data) as Record<string, unknown>,
});

/**
 * The events of each account. `emit` is one insert, and one job when the account has an enabled
 * webhook endpoint (the fan-out to endpoints runs on the webhooks' queue, not in the caller's
 * request). Given the caller's transaction, the event commits with the change it tells of and
 * a failure is the caller's; without one, a failure is logged and never fails what the user did.
 */
export class EventsService implements EventSink {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  async emit(userId: number, type: EventType, data: Record<string, unknown>, trx?: Db): Promise<void> {
    if (trx) {
      await this.record(trx, userId, type, data);
      return;
    }
    try {
      await this.record(this.db, userId, type, data);
    } catch (err) {
      this.log.error({ err: (err as Error).message, type, userId }, 'event not recorded');
    }
  }

  /** The event's row id. */
  async record(db: Db, userId: number, type: EventType, data: Record<string, unknown>): Promise<number> {
    const { id } = await db
      .insertInto('webhook_events')
      .values({
        public_id: newEventId(),
        user_id: userId,
        type,
        data: JSON.stringify(data),
        created_at: iso(this.clock.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (type === 'webhook.test') return id;
    const listening = await db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('user_id', '=', userId)
      .where('enabled', '=', 1)
      .limit(1)
      .executeTakeFirst();
    if (listening)
      await this.jobs.enqueue('webhooks.fanout', { eventId: id }, db === this.db ? {} : { trx: db });
    return id;
  }

  /**
   * One page of a user's events after the row id `afterId`, oldest first, of the given type
   * families only. Ids only grow, so a page never changes once read and new events come after it.
   * An event shows once it is FEED_SETTLE_MS old: on PostgreSQL two inserts can commit in the
   * other order than their ids, and a client that read the later one must not have passed the
   * earlier one for good.
   */
  async page(userId: number, families: string[], afterId: number, limit: number) {
    if (families.length === 0) return { rows: [] as EventRow[], more: false };
    const rows = await this.db
      .selectFrom('webhook_events')
      .select(['id', 'public_id', 'type', 'data', 'created_at'])
      .where('user_id', '=', userId)
      .where('id', '>', afterId)
      .where('created_at', '<=', iso(this.clock.now() - FEED_SETTLE_MS))
      .where((eb) => eb.or(families.map((f) => eb('type', 'like', `${f}.%`))))
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  }

  /** Drops events older than 30 days with their deliveries (the ten-minute clean-up). */
  async purgeOld() {
    await this.db
      .deleteFrom('webhook_events')
      .where('created_at', '<', iso(this.clock.now() - EVENT_RETENTION_MS))
      .execute();
  }
}
