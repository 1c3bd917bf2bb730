import { z } from 'zod';
import { noContent } from '#shared/answers.ts';
import { idParam, pageOf } from '#shared/api/common.ts';
import { eventFamilyScopes, eventPage, eventsQuery } from '#shared/api/events.ts';
import type { ApiScope } from '#shared/api/scopes.ts';
import {
  createWebhookSchema,
  deliveriesQuery,
  deliveryPage,
  updateWebhookSchema,
  webhookAnswer,
  webhookMessages as m,
  webhookWithSecret,
} from '#shared/api/webhooks.ts';
import type { App } from '#server/app-types.ts';
import { decodeCursor, encodeCursor } from '#server/modules/api/cursor.ts';
import { apiUser } from '#server/modules/api/v1.routes.ts';
import { toEventAnswer } from './events.service.ts';

const FEED_SCOPES = [...new Set(Object.values(eventFamilyScopes))] as ApiScope[];
const deliveryParams = z.object({ id: idParam.shape.id, deliveryId: idParam.shape.id });
const accepted = z.object({ message: z.string() }).meta({ id: 'Accepted' });
const WEBHOOKS = { scope: 'webhooks:write' } as const;

/** The events feed: what happened in the token owner's account, oldest first. */
export function eventsV1(api: App) {
  api.get(
    '/events',
    {
      config: { scope: FEED_SCOPES },
      schema: {
        tags: ['Events'],
        operationId: 'listEvents',
        summary: 'List events, oldest first',
        description:
          'The events of the token’s owner from the last 30 days, in the order they happened; page with ' +
          '`after` set to the previous page’s `nextCursor` (a page never changes once read, and new events ' +
          'come after the last one). An event shows here two seconds after it happened (webhooks are sent at ' +
          'once). Unlike other lists, `nextCursor` is also given on the last page: poll ' +
          'with it to get only what happened since. A token sees the families its ' +
          'read scopes cover: `document.*` needs `documents:read`, `request.*` and `recipient.*` need ' +
          '`requests:read`, `signature.*` needs `signatures:read`; it needs at least one of them.',
        querystring: eventsQuery,
        response: { 200: eventPage.meta({ id: 'EventPage' }) },
      },
    },
    async (req) => {
      const scopes = req.apiAuth!.scopes;
      const families = Object.entries(eventFamilyScopes)
        .filter(([, scope]) => scopes.has(scope))
        .map(([family]) => family);
      const after = decodeCursor(req.query.after)?.id ?? 0;
      const { rows, more } = await api.events.page(apiUser(req).id, families, after, req.query.limit);
      const last = rows.at(-1);
      return {
        items: rows.map(toEventAnswer),
        // At the end, the cursor still moves past what was read: the next poll starts there.
        nextCursor: last ? encodeCursor({ id: last.id }) : more ? null : (req.query.after ?? null),
      };
    },
  );
}

/** Webhook endpoints through the public API: the service of Settings > Webhooks. */
export function webhooksV1(api: App) {
  const tags = ['Webhooks'];
  api.get(
    '/webhooks',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'List webhook endpoints',
        response: { 200: pageOf(webhookAnswer).meta({ id: 'WebhookPage' }) },
      },
    },
    async (req) => ({ items: await api.webhooks.list(apiUser(req).id), nextCursor: null }),
  );

  api.post(
    '/webhooks',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'createWebhook',
        summary: 'Create a webhook endpoint',
        description:
          'The answer carries the signing secret (`whsec_…`) in full, the only time besides a rotation. ' +
          'Deliveries are signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, ' +
          '`webhook-signature`). The URL must be https to a public address.',
        body: createWebhookSchema,
        response: { 201: webhookWithSecret },
      },
    },
    async (req, reply) => reply.code(201).send(await api.webhooks.create(apiUser(req).id, req.body)),
  );

  api.get(
    '/webhooks/:id',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: 'Get a webhook endpoint',
        params: idParam,
        response: { 200: webhookAnswer },
      },
    },
    async (req) => api.webhooks.get(apiUser(req).id, req.params.id),
  );

  api.patch(
    '/webhooks/:id',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'updateWebhook',
        summary: 'Change a webhook endpoint’s URL, events, description or enabled state',
        params: idParam,
        body: updateWebhookSchema,
        response: { 200: webhookAnswer },
      },
    },
    async (req) => api.webhooks.update(apiUser(req).id, req.params.id, req.body),
  );

  api.delete(
    '/webhooks/:id',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint and its delivery log',
        params: idParam,
        response: { 204: noContent },
      },
    },
    async (req, reply) => {
      await api.webhooks.remove(apiUser(req).id, req.params.id);
      return reply.code(204).send(undefined);
    },
  );

  api.post(
    '/webhooks/:id/rotate-secret',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret',
        description:
          'A new secret, shown once. For 24 hours deliveries carry two signatures, one per secret, so a ' +
          'receiver keeps verifying while it switches.',
        params: idParam,
        response: { 200: webhookWithSecret },
      },
    },
    async (req) => api.webhooks.rotate(apiUser(req).id, req.params.id),
  );

  api.get(
    '/webhooks/:id/deliveries',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'List an endpoint’s deliveries, newest first',
        params: idParam,
        querystring: deliveriesQuery,
        response: { 200: deliveryPage.meta({ id: 'WebhookDeliveryPage' }) },
      },
    },
    async (req) => {
      const before = decodeCursor(req.query.after)?.id ?? 0;
      const { items, more } = await api.webhooks.deliveries(
        apiUser(req).id,
        req.params.id,
        before,
        req.query.limit,
      );
      return { items, nextCursor: more ? encodeCursor({ id: items.at(-1)!.id }) : null };
    },
  );

  api.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'redeliverWebhook',
        summary: 'Send a delivery again',
        description:
          'Queued at once, with a fresh set of attempts, even while the endpoint waits between retries.',
        params: deliveryParams,
        response: { 202: accepted },
      },
    },
    async (req, reply) => {
      await api.webhooks.redeliver(apiUser(req).id, req.params.id, req.params.deliveryId);
      return reply.code(202).send({ message: m.redeliveryQueued });
    },
  );

  api.post(
    '/webhooks/:id/test',
    {
      config: WEBHOOKS,
      schema: {
        tags,
        operationId: 'sendWebhookTest',
        summary: 'Send a test event',
        description: 'A `webhook.test` event to this endpoint alone; it shows in the delivery log.',
        params: idParam,
        response: { 202: accepted },
      },
    },
    async (req, reply) => {
      await api.webhooks.sendTest(apiUser(req).id, req.params.id);
      return reply.code(202).send({ message: m.testQueued });
    },
  );
}
