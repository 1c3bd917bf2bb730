import { z } from 'zod';

/**
 * What happened in an account, as the events feed (GET /api/v1/events) and webhooks tell it.
 * `webhook.test` is sent only by an endpoint's "Send test" and never appears in the feed.
 */
export const eventTypes = [
  'document.uploaded',
  'document.signed',
  'request.sent',
  'recipient.viewed',
  'recipient.signed',
  'request.completed',
  'request.declined',
  'request.cancelled',
  'request.expired',
  'signature.revoked',
  'template.used',
  'bulk.completed',
  'webhook.test',
] as const;
export type EventType = (typeof eventTypes)[number];

/** The types an endpoint may subscribe to (all but the test event, which every endpoint gets when asked). */
export const subscribableEventTypes = eventTypes.filter((t) => t !== 'webhook.test') as Exclude<
  EventType,
  'webhook.test'
>[];

/** A family of event types and the read scope a token needs to see it in the feed. */
export const eventFamilyScopes = {
  document: 'documents:read',
  request: 'requests:read',
  recipient: 'requests:read',
  signature: 'signatures:read',
  template: 'requests:read',
  bulk: 'requests:read',
} as const;

/** The family of a type: the part before the dot. */
export const eventFamily = (type: string) => type.slice(0, type.indexOf('.'));

/** An event as the feed lists it; a webhook delivery's body is the same without `id` (sent as `webhook-id`). */
export const eventAnswer = z
  .object({
    id: z.string().meta({
      description: 'Unique; the same id is sent as `webhook-id` to webhooks',
      example: 'evt_2b7c0e9d4a1f6e3b8c5d0a7f',
    }),
    type: z.enum(eventTypes),
    timestamp: z.string().meta({ description: 'When it happened (ISO 8601, UTC)' }),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: 'What it is about: ids and names, never file contents' }),
  })
  .meta({ id: 'Event' });
export type EventAnswer = z.infer<typeof eventAnswer>;

/** The body POSTed to a webhook endpoint. */
export const webhookBody = eventAnswer.omit({ id: true });
export type WebhookBody = z.infer<typeof webhookBody>;

/** GET /api/v1/events: one page, oldest first. */
export const eventsQuery = z.object({
  after: z.string().max(200).optional().meta({ description: 'The `nextCursor` of the previous page' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const eventPage = z.object({
  items: z.array(eventAnswer),
  nextCursor: z.string().nullable(),
});
