import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { subscribableEventTypes } from './events.ts';

/** Every server text of webhooks (the web app's own texts are in its feature's messages file). */
export const webhookMessages = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'The URL must be a valid https:// address',
  urlHttp: 'The URL must use https:// (http:// is allowed only to this machine, when an admin allows it)',
  urlCredentials: 'The URL must not contain a user name or password',
  urlUnresolvable: 'The URL’s host name could not be resolved',
  urlForbidden:
    'The URL points to a private, loopback, link-local or otherwise internal address, which webhooks may not call',
  eventsRequired: 'Choose at least one event',
  tooMany: 'You have reached the limit of 20 webhook endpoints',
  deleted: 'Webhook endpoint deleted',
  redeliveryQueued: 'The delivery is queued again',
  testQueued: 'A test event is queued for this endpoint',
  endpointDisabled: 'This endpoint is disabled: enable it first',
} as const;

/** At most this many endpoints per user. */
export const MAX_ENDPOINTS = 20;

const url = z
  .string({ error: webhookMessages.urlInvalid })
  .trim()
  .min(1, webhookMessages.urlInvalid)
  .max(2000, 'The URL cannot exceed 2000 characters')
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), webhookMessages.urlInvalid)
  .meta({
    description: 'https:// (http:// only to loopback when an admin allows it)',
    example: 'https://example.com/hooks/inkproof',
  });

const events = z
  .array(z.enum(subscribableEventTypes))
  .min(1, webhookMessages.eventsRequired)
  .max(subscribableEventTypes.length)
  .transform((list) => [...new Set(list)])
  .meta({ description: 'The event types sent to this endpoint' });

const description = singleLineText().max(200, 'The description cannot exceed 200 characters');

export const createWebhookSchema = z.object({
  url,
  events,
  description: description.optional().default(''),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z.object({ url, events, description, enabled: z.boolean() }).partial();
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export const webhookAnswer = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    /** Why it was switched off by the server (3 days of failures), or null. */
    disabledReason: z.string().nullable(),
    /** The first failure with no success since, or null while it is healthy. */
    failingSince: z.string().nullable(),
    /** While failing: when deliveries are tried next. */
    nextRetryAt: z.string().nullable(),
    /** After a rotation: until when the previous secret still signs deliveries. */
    previousSecretUntil: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookAnswer = z.infer<typeof webhookAnswer>;

/** Create and rotate: the only answers carrying the secret in full. */
export const webhookWithSecret = webhookAnswer
  .extend({ secret: z.string().meta({ description: 'whsec_… : shown once; keep it to verify signatures' }) })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const webhookList = z.object({ items: z.array(webhookAnswer) });

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const deliveryAnswer = z
  .object({
    id: z.number().int(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(deliveryStatuses),
    /** Attempts made so far. */
    attempt: z.number().int(),
    responseStatus: z.number().int().nullable(),
    /** The first 1 KB of the last response's body. */
    responseExcerpt: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    /** Why the last attempt failed (timeout, connection reset, a refused address), or null. */
    error: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    lastAttemptAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type DeliveryAnswer = z.infer<typeof deliveryAnswer>;

export const deliveryPage = z.object({ items: z.array(deliveryAnswer), nextCursor: z.string().nullable() });
export type DeliveryPage = z.infer<typeof deliveryPage>;

export const deliveriesQuery = z.object({
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
