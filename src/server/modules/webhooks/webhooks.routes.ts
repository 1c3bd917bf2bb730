import { z } from 'zod';
import { messageAnswer } from '#shared/answers.ts';
import {
  createWebhookSchema,
  deliveryPage,
  updateWebhookSchema,
  webhookAnswer,
  webhookList,
  webhookMessages as m,
  webhookWithSecret,
} from '#shared/api/webhooks.ts';
import type { App } from '#server/app-types.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const endpointParams = z.object({ id });
const deliveryParams = z.object({ id, deliveryId: id });
const deliveriesQuery = z.object({
  before: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const HOUR_MS = 60 * 60 * 1000;
/** Test sends and redeliveries one user may ask for per hour: each is an outgoing request. */
export const MANUAL_SENDS_PER_HOUR = 60;

/** The signed-in user's webhook endpoints, for Settings > Webhooks (session and CSRF). */
export function webhookRoutes(app: App) {
  const manualLimit = rateLimit(app, {
    key: (req) => `webhook-send:user:${currentUser(req).id}`,
    max: () => MANUAL_SENDS_PER_HOUR,
    windowMs: HOUR_MS,
    message: 'Too many test sends and redeliveries. Please try again later.',
  });
  const guarded = { onRequest: requireUser };

  app.get('/api/webhooks', { ...guarded, schema: { response: { 200: webhookList } } }, async (req) => ({
    items: await app.webhooks.list(currentUser(req).id),
  }));

  app.post(
    '/api/webhooks',
    { ...guarded, schema: { body: createWebhookSchema, response: { 201: webhookWithSecret } } },
    async (req, reply) => reply.code(201).send(await app.webhooks.create(currentUser(req).id, req.body)),
  );

  app.get(
    '/api/webhooks/:id',
    { ...guarded, schema: { params: endpointParams, response: { 200: webhookAnswer } } },
    async (req) => app.webhooks.get(currentUser(req).id, req.params.id),
  );

  app.patch(
    '/api/webhooks/:id',
    {
      ...guarded,
      schema: { params: endpointParams, body: updateWebhookSchema, response: { 200: webhookAnswer } },
    },
    async (req) => app.webhooks.update(currentUser(req).id, req.params.id, req.body),
  );

  app.delete(
    '/api/webhooks/:id',
    { ...guarded, schema: { params: endpointParams, response: { 200: messageAnswer } } },
    async (req) => {
      await app.webhooks.remove(currentUser(req).id, req.params.id);
      return { message: m.deleted };
    },
  );

  app.post(
    '/api/webhooks/:id/rotate-secret',
    { ...guarded, schema: { params: endpointParams, response: { 200: webhookWithSecret } } },
    async (req) => app.webhooks.rotate(currentUser(req).id, req.params.id),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      ...guarded,
      schema: { params: endpointParams, querystring: deliveriesQuery, response: { 200: deliveryPage } },
    },
    async (req) => {
      const { items, more } = await app.webhooks.deliveries(
        currentUser(req).id,
        req.params.id,
        req.query.before,
        req.query.limit,
      );
      return { items, nextCursor: more ? String(items.at(-1)!.id) : null };
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      ...guarded,
      preHandler: manualLimit,
      schema: { params: deliveryParams, response: { 202: messageAnswer } },
    },
    async (req, reply) => {
      await app.webhooks.redeliver(currentUser(req).id, req.params.id, req.params.deliveryId);
      return reply.code(202).send({ message: m.redeliveryQueued });
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      ...guarded,
      preHandler: manualLimit,
      schema: { params: endpointParams, response: { 202: messageAnswer } },
    },
    async (req, reply) => {
      await app.webhooks.sendTest(currentUser(req).id, req.params.id);
      return reply.code(202).send({ message: m.testQueued });
    },
  );
}
