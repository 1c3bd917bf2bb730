import type { FastifyBaseLogger } from 'fastify';
import { webhookMessages } from '#shared/api/webhooks.ts';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import type { JobQueue } from '#server/modules/jobs/job-queue.ts';
import type { MailContent } from '#server/modules/mail/templates.ts';
import { checkWebhookUrl, type GuardRefusal, type Resolver } from './address-guard.ts';
import { endpointDisabledMail } from './mails.ts';
import { endpointBackoff, FAILING_LIMIT_MS, retryDelay } from './retry-schedule.ts';
import { postWebhook, type SendResult } from './sender.ts';
import { signatureHeader } from './signing.ts';

declare module '../jobs/job-queue.ts' {
  interface JobPayloads {
    /** Creates the deliveries of one event, one per subscribed endpoint. */
    'webhooks.fanout': { eventId: number };
    /** One attempt at a delivery; `manual` (Redeliver, Send test) goes even while the endpoint waits. */
    'webhooks.deliver': { deliveryId: number; endpointId: number; manual?: boolean };
  }
}

export interface DeliveryOptions {
  /** The whole exchange with a receiver (10 s). */
  timeoutMs?: number;
  /** Deliveries to one endpoint at once on this instance (2). */
  perEndpoint?: number;
  /** Name resolution (tests give their own). */
  resolve?: Resolver;
}

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  secretBox: SecretBox;
  /** Queues a mail (the mail service's send). */
  sendMail: (to: string, mail: MailContent, link: string) => Promise<void>;
  limits: () => SecurityLimits;
  publicUrl: () => string;
  log: FastifyBaseLogger;
}

/** A delivery that found its endpoint at its limit looks again this much later. */
const BUSY_WAIT_MS = 1000;
/** Deliveries one job sends in a row to a healthy endpoint before it gives its slot back. */
const CHAIN_MAX = 50;
/** Due deliveries a chain looks through for its next one. */
const TAKE_NEXT_LOOKAHEAD = 64;
/** A pending delivery this late has lost its job (a worker died after taking it over). */
const LOST_AFTER_MS = 5 * 60 * 1000;

export const deliverKey = (endpointId: number, deliveryId: number) =>
  `webhooks.deliver:${endpointId}:${deliveryId}`;
const endpointKeyPrefix = (endpointId: number) => `webhooks.deliver:${endpointId}:`;

export const refusalText: Record<GuardRefusal, string> = {
  invalid: webhookMessages.urlInvalid,
  http: webhookMessages.urlHttp,
  credentials: webhookMessages.urlCredentials,
  unresolvable: webhookMessages.urlUnresolvable,
  forbidden: webhookMessages.urlForbidden,
};

type DeliveryRow = Awaited<ReturnType<Deliverer['load']>> & {};

/**
 * Sends deliveries from their own job queue (services.ts), so webhooks never take the slots of
 * mail or signing requests, and keeps endpoints apart within it: at most `perEndpoint` attempts
 * to one endpoint run at once, and once an endpoint failed, its deliveries wait for its next try
 * (`retry_at`) without taking a slot; a slow or dead receiver thus holds at most two slots for
 * 10 s per retry. A job that sent successfully goes on with the endpoint's next due deliveries,
 * so a busy healthy endpoint does not pay a job per delivery.
 */
export class Deliverer {
  private readonly inFlight = new Map<number, number>();
  /** Settable by tests, like `resolve`. */
  timeoutMs: number;
  private readonly perEndpoint: number;
  resolve: Resolver;

  constructor(
    private readonly d: DeliveryDeps,
    opts: DeliveryOptions,
    resolve: Resolver,
  ) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.perEndpoint = opts.perEndpoint ?? 2;
    this.resolve = opts.resolve ?? resolve;
    d.jobs.register('webhooks.fanout', (p) => this.fanOut(p.eventId));
    d.jobs.register('webhooks.deliver', (p) => this.deliver(p));
  }

  /** One delivery per enabled endpoint of the event's owner subscribed to its type. */
  async fanOut(eventId: number) {
    const { db, clock } = this.d;
    const event = await db
      .selectFrom('webhook_events')
      .select(['id', 'user_id', 'type'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event) return;
    const endpoints = await db
      .selectFrom('webhook_endpoints')
      .select(['id', 'events'])
      .where('user_id', '=', event.user_id)
      .where('enabled', '=', 1)
      .execute();
    // A repeated run (its worker died) does not deliver twice.
    const done = new Set(
      (
        await db
          .selectFrom('webhook_deliveries')
          .select('endpoint_id')
          .where('event_id', '=', eventId)
          .execute()
      ).map((r) => r.endpoint_id),
    );
    for (const e of endpoints) {
      if (done.has(e.id) || !(JSON.parse(e.events) as string[]).includes(event.type)) continue;
      await this.queue(e.id, event.id, clock.now());
    }
  }

  /** A new pending delivery and its job (Send test and the fan-out). */
  async queue(endpointId: number, eventId: number, now: number, manual = false) {
    const { db, jobs } = this.d;
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpointId,
          event_id: eventId,
          status: 'pending',
          next_attempt_at: iso(now),
          created_at: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await jobs.enqueue(
        'webhooks.deliver',
        { deliveryId: id, endpointId, ...(manual ? { manual } : {}) },
        { key: deliverKey(endpointId, id), trx },
      );
    });
    jobs.wake();
  }

  /** Puts a delivery back in the queue, due now, with a fresh set of attempts (Redeliver). */
  async requeue(endpointId: number, deliveryId: number) {
    const { db, jobs, clock } = this.d;
    const now = iso(clock.now());
    await jobs.cancel({ key: deliverKey(endpointId, deliveryId) });
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', attempts: 0, next_attempt_at: now, error: null })
      .where('id', '=', deliveryId)
      .execute();
    await jobs.enqueue(
      'webhooks.deliver',
      { deliveryId, endpointId, manual: true },
      { key: deliverKey(endpointId, deliveryId) },
    );
  }

  private async deliver(p: { deliveryId: number; endpointId: number; manual?: boolean }) {
    const manual = p.manual ?? false;
    if ((this.inFlight.get(p.endpointId) ?? 0) >= this.perEndpoint) {
      const row = await this.load(p.deliveryId);
      if (row?.status === 'pending') await this.later(row, this.d.clock.now() + BUSY_WAIT_MS, manual);
      return;
    }
    // The slot is taken before anything is read: a delivery that read the endpoint as healthy
    // cannot start beside one that is recording its failure.
    this.inFlight.set(p.endpointId, (this.inFlight.get(p.endpointId) ?? 0) + 1);
    let handOff: DeliveryRow | undefined;
    try {
      let row = await this.load(p.deliveryId);
      if (!row || row.status !== 'pending') return;
      if (!row.enabled) return await this.failPending(row.endpoint_id, 'The endpoint is disabled', [row.id]);
      if (!manual && row.retry_at && Date.parse(row.retry_at) > this.d.clock.now())
        return await this.later(row, Date.parse(row.retry_at), false);
      for (let sent = 1; row; sent++) {
        const result = await this.send(row);
        await this.record(row, result);
        if (result.error !== null) return;
        // Taking the next one removes its job: only when it will be sent here, or handed on.
        const next = await this.takeNext(row.endpoint_id);
        if (sent >= CHAIN_MAX) {
          handOff = next;
          return;
        }
        row = next;
      }
    } finally {
      const left = (this.inFlight.get(p.endpointId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(p.endpointId, left);
      else this.inFlight.delete(p.endpointId);
      // The slot goes back to the queue with the endpoint's next delivery due at once, so a busy
      // healthy endpoint goes on without waiting for a delivery set back while it was at its limit.
      if (handOff) await this.later(handOff, this.d.clock.now(), false);
    }
  }

  /** The endpoint's next due delivery whose job is still waiting: its job is removed and it is ours. */
  private async takeNext(endpointId: number): Promise<DeliveryRow | undefined> {
    const due = await this.d.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      // due, or set back only because the endpoint was at its limit
      .where('next_attempt_at', '<=', iso(this.d.clock.now() + BUSY_WAIT_MS))
      .orderBy('id')
      // past the ones the queue has just claimed (their jobs cannot be taken), to one still waiting
      .limit(TAKE_NEXT_LOOKAHEAD)
      .execute();
    for (const { id } of due) {
      if ((await this.d.jobs.cancel({ key: deliverKey(endpointId, id) })) === 0) continue;
      const row = await this.load(id);
      if (row?.status === 'pending' && row.enabled) return row;
    }
    return undefined;
  }

  async load(deliveryId: number) {
    return this.d.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
      .select([
        'd.id',
        'd.endpoint_id',
        'd.status',
        'd.attempts',
        'e.user_id',
        'e.url',
        'e.enabled',
        'e.retry_at',
        'e.secret_sealed',
        'e.previous_secret_sealed',
        'e.previous_secret_until',
        'v.public_id',
        'v.type',
        'v.data',
        'v.created_at as event_at',
      ])
      .where('d.id', '=', deliveryId)
      .executeTakeFirst();
  }

  private async later(row: DeliveryRow, at: number, manual: boolean) {
    const { db, jobs } = this.d;
    await db
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: iso(at) })
      .where('id', '=', row.id)
      .execute();
    await jobs.enqueue(
      'webhooks.deliver',
      { deliveryId: row.id, endpointId: row.endpoint_id, ...(manual ? { manual } : {}) },
      { key: deliverKey(row.endpoint_id, row.id), runAt: at },
    );
  }

  private async send(row: DeliveryRow): Promise<SendResult> {
    const now = this.d.clock.now();
    const guard = await checkWebhookUrl(row.url, {
      allowLoopback: this.d.limits().webhooksAllowHttpLoopback,
      resolve: this.resolve,
    });
    if (!guard.ok) return { status: null, excerpt: null, durationMs: 0, error: refusalText[guard.refusal] };
    const secrets = [row.secret_sealed];
    if (
      row.previous_secret_sealed &&
      row.previous_secret_until &&
      Date.parse(row.previous_secret_until) > now
    )
      secrets.push(row.previous_secret_sealed);
    const opened = secrets.map((s) => this.d.secretBox.open(s));
    if (opened[0] === null || opened[0] === undefined)
      return {
        status: null,
        excerpt: null,
        durationMs: 0,
        error: 'The signing secret cannot be read: rotate it',
      };
    const timestamp = Math.floor(now / 1000);
    const body = JSON.stringify({
      type: row.type,
      timestamp: row.event_at,
      data: JSON.parse(row.data) as unknown,
    });
    const headers = {
      'webhook-id': row.public_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(
        opened.filter((s): s is string => s !== null),
        row.public_id,
        timestamp,
        body,
      ),
    };
    return postWebhook(guard, headers, body, this.timeoutMs, () => this.d.clock.now());
  }

  private async record(row: DeliveryRow, r: SendResult) {
    const { db, clock } = this.d;
    const now = clock.now();
    const attempts = row.attempts + 1;
    const outcome = {
      attempts,
      last_attempt_at: iso(now),
      response_status: r.status,
      response_excerpt: r.excerpt,
      duration_ms: r.durationMs,
      error: r.error,
    };
    if (r.error === null) {
      await db
        .updateTable('webhook_deliveries')
        .set({ ...outcome, status: 'succeeded', next_attempt_at: null })
        .where('id', '=', row.id)
        .execute();
      await db
        .updateTable('webhook_endpoints')
        .set({ failures: 0, failing_since: null, retry_at: null })
        .where('id', '=', row.endpoint_id)
        .where('failures', '>', 0)
        .execute();
      return;
    }
    const ep = await db
      .updateTable('webhook_endpoints')
      .set((eb) => ({
        failures: eb('failures', '+', 1),
        failing_since: eb.fn.coalesce('failing_since', eb.val(iso(now))),
      }))
      .where('id', '=', row.endpoint_id)
      .returning(['failures', 'failing_since'])
      .executeTakeFirst();
    if (!ep) return;
    const retryAt = now + endpointBackoff(ep.failures);
    await db
      .updateTable('webhook_endpoints')
      .set({ retry_at: iso(retryAt) })
      .where('id', '=', row.endpoint_id)
      .execute();
    const delay = retryDelay(attempts);
    const exhausted = now - Date.parse(ep.failing_since!) >= FAILING_LIMIT_MS;
    if (delay === null || exhausted) {
      await db
        .updateTable('webhook_deliveries')
        .set({ ...outcome, status: 'failed', next_attempt_at: null })
        .where('id', '=', row.id)
        .execute();
    } else {
      const next = Math.max(now + delay, retryAt);
      await db
        .updateTable('webhook_deliveries')
        .set({ ...outcome, next_attempt_at: iso(next) })
        .where('id', '=', row.id)
        .execute();
      await this.d.jobs.enqueue(
        'webhooks.deliver',
        { deliveryId: row.id, endpointId: row.endpoint_id },
        { key: deliverKey(row.endpoint_id, row.id), runAt: next },
      );
    }
    if (exhausted) await this.disable(row, ep.failing_since!);
  }

  /** Three days of failures: the endpoint is switched off, its waiting deliveries end, and its owner hears. */
  private async disable(row: DeliveryRow, failingSince: string) {
    const { db, clock, jobs, sendMail, log } = this.d;
    const switched = await db
      .updateTable('webhook_endpoints')
      .set({
        enabled: 0,
        disabled_reason: 'Deliveries failed for 3 days',
        retry_at: null,
        updated_at: iso(clock.now()),
      })
      .where('id', '=', row.endpoint_id)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (Number(switched.numUpdatedRows) === 0) return;
    await jobs.cancel({ keyPrefix: endpointKeyPrefix(row.endpoint_id) });
    await this.failPending(row.endpoint_id, 'The endpoint was disabled after 3 days of failures');
    log.warn({ endpoint: row.endpoint_id }, 'webhook endpoint disabled after 3 days of failures');
    const owner = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (owner)
      await sendMail(
        owner.email,
        endpointDisabledMail({
          url: row.url,
          failingSince,
          link: `${this.d.publicUrl()}/settings?tab=webhooks`,
        }),
        `${this.d.publicUrl()}/settings?tab=webhooks`,
      );
  }

  /** The endpoint is being deleted: its waiting jobs go. */
  async cancelAll(endpointId: number) {
    await this.d.jobs.cancel({ keyPrefix: endpointKeyPrefix(endpointId) });
  }

  private async failPending(endpointId: number, error: string, ids?: number[]) {
    let q = this.d.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null, error })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending');
    if (ids) q = q.where('id', 'in', ids);
    await q.execute();
  }

  /** Re-queues pending deliveries whose job was lost (its worker died after taking it over). */
  async requeueLost() {
    const { db, clock, jobs } = this.d;
    const lost = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'endpoint_id'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<', iso(clock.now() - LOST_AFTER_MS))
      .orderBy('id')
      .limit(500)
      .execute();
    for (const d of lost)
      await jobs.enqueue(
        'webhooks.deliver',
        { deliveryId: d.id, endpointId: d.endpoint_id },
        { key: deliverKey(d.endpoint_id, d.id) },
      );
  }
}
