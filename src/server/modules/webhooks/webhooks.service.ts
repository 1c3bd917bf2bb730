import {
  MAX_ENDPOINTS,
  webhookMessages as m,
  type DeliveryAnswer,
  type WebhookAnswer,
} from '#shared/api/webhooks.ts';
import type { Db } from '#server/db/kysely.ts';
import type { Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import { conflict, invalid, notFound } from '#server/lib/outcomes.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import { checkWebhookUrl } from './address-guard.ts';
import { refusalText, type Deliverer } from './delivery.ts';
import type { EventsService } from './events.service.ts';
import { newSecret } from './signing.ts';

/** After a rotation the previous secret keeps signing this long, for receivers to switch. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

type EndpointRow = Selectable<WebhookEndpointsTable>;

/** The webhook endpoints of users: one service for the browser's routes and the API's. */
export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secretBox: SecretBox,
    private readonly limits: () => SecurityLimits,
    readonly deliverer: Deliverer,
    private readonly events: EventsService,
  ) {}

  /** Refuses a URL webhooks may not call, with the reason as a 400 and a stable code. */
  private async checkUrl(url: string) {
    const r = await checkWebhookUrl(url, {
      allowLoopback: this.limits().webhooksAllowHttpLoopback,
      resolve: this.deliverer.resolve,
    });
    if (!r.ok)
      throw invalid(refusalText[r.refusal], {
        code: r.refusal === 'forbidden' ? 'webhook_url_forbidden' : 'webhook_url_invalid',
      });
  }

  async list(userId: number): Promise<WebhookAnswer[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((r) => this.answer(r));
  }

  async get(userId: number, id: number): Promise<WebhookAnswer> {
    return this.answer(await this.row(userId, id));
  }

  async create(userId: number, input: { url: string; events: string[]; description: string }) {
    await this.checkUrl(input.url);
    const count = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ENDPOINTS) throw conflict(m.tooMany, { code: 'webhook_limit_reached' });
    const secret = newSecret();
    const now = iso(this.clock.now());
    const row = await this.db
      .insertInto('webhook_endpoints')
      .values({
        user_id: userId,
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        secret_sealed: this.secretBox.seal(secret),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...this.answer(row), secret };
  }

  async update(
    userId: number,
    id: number,
    input: { url?: string; events?: string[]; description?: string; enabled?: boolean },
  ): Promise<WebhookAnswer> {
    const current = await this.row(userId, id);
    if (input.url !== undefined && input.url !== current.url) await this.checkUrl(input.url);
    const enabling = input.enabled === true && !current.enabled;
    const row = await this.db
      .updateTable('webhook_endpoints')
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
        // Enabled again (or a new URL): a fresh start, not the old failures' backoff.
        ...(enabling || (input.url !== undefined && input.url !== current.url)
          ? { disabled_reason: null, failing_since: null, failures: 0, retry_at: null }
          : {}),
        updated_at: iso(this.clock.now()),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.answer(row);
  }

  async remove(userId: number, id: number) {
    await this.row(userId, id);
    await this.deliverer.cancelAll(id);
    await this.db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
  }

  /** A new secret; the previous one keeps signing for 24 hours (both signatures are sent). */
  async rotate(userId: number, id: number) {
    const current = await this.row(userId, id);
    const secret = newSecret();
    const now = this.clock.now();
    const row = await this.db
      .updateTable('webhook_endpoints')
      .set({
        secret_sealed: this.secretBox.seal(secret),
        previous_secret_sealed: current.secret_sealed,
        previous_secret_until: iso(now + PREVIOUS_SECRET_MS),
        updated_at: iso(now),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...this.answer(row), secret };
  }

  /** The endpoint's deliveries, newest first, after the delivery id `beforeId` (0: from the newest). */
  async deliveries(userId: number, id: number, beforeId: number, limit: number) {
    await this.row(userId, id);
    let q = this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
      .select([
        'd.id',
        'v.public_id',
        'v.type',
        'd.status',
        'd.attempts',
        'd.response_status',
        'd.response_excerpt',
        'd.duration_ms',
        'd.error',
        'd.next_attempt_at',
        'd.last_attempt_at',
        'd.created_at',
      ])
      .where('d.endpoint_id', '=', id)
      .orderBy('d.id', 'desc')
      .limit(limit + 1);
    if (beforeId > 0) q = q.where('d.id', '<', beforeId);
    const rows = await q.execute();
    const items = rows.slice(0, limit).map((r): DeliveryAnswer => ({
      id: r.id,
      eventId: r.public_id,
      eventType: r.type,
      status: r.status,
      attempt: r.attempts,
      responseStatus: r.response_status,
      responseExcerpt: r.response_excerpt,
      durationMs: r.duration_ms,
      error: r.error,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
      lastAttemptAt: r.last_attempt_at,
      createdAt: r.created_at,
    }));
    return { items, more: rows.length > limit };
  }

  async redeliver(userId: number, id: number, deliveryId: number) {
    const endpoint = await this.row(userId, id);
    if (!endpoint.enabled) throw conflict(m.endpointDisabled, { code: 'webhook_disabled' });
    const delivery = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', id)
      .executeTakeFirst();
    if (!delivery) throw notFound(m.deliveryNotFound);
    await this.deliverer.requeue(id, deliveryId);
  }

  /** A `webhook.test` event to this endpoint alone, sent even while the endpoint waits between retries. */
  async sendTest(userId: number, id: number) {
    const endpoint = await this.row(userId, id);
    if (!endpoint.enabled) throw conflict(m.endpointDisabled, { code: 'webhook_disabled' });
    const eventId = await this.events.record(this.db, userId, 'webhook.test', {
      endpointId: id,
      message: 'A test delivery, sent from the webhook’s settings',
    });
    await this.deliverer.queue(id, eventId, this.clock.now(), true);
  }

  private async row(userId: number, id: number): Promise<EndpointRow> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound(m.notFound);
    return row;
  }

  private answer(r: EndpointRow): WebhookAnswer {
    const now = this.clock.now();
    return {
      id: r.id,
      url: r.url,
      description: r.description,
      events: JSON.parse(r.events) as string[],
      enabled: r.enabled === 1,
      disabledReason: r.enabled === 1 ? null : r.disabled_reason,
      failingSince: r.failing_since,
      nextRetryAt: r.retry_at && Date.parse(r.retry_at) > now ? r.retry_at : null,
      previousSecretUntil:
        r.previous_secret_until && Date.parse(r.previous_secret_until) > now ? r.previous_secret_until : null,
      createdAt: r.created_at,
    };
  }
}
