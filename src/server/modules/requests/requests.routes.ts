import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { documentMessages } from '#shared/documents/messages.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { createRequestSchema, requestListQuery } from '#shared/requests/schemas.ts';
import type { App } from '#server/app-types.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { requestActor } from './audit.ts';
import { createRequest } from './compose.ts';
import { cancel, ownerMail, turnOffDownloadLink, type OwnerOutcome } from './owner.ts';

const HOUR_MS = 60 * 60 * 1000;
const id = idParams.shape.id;
const recipientParams = z.object({ id, rid: id });

function ownerAnswer(reply: FastifyReply, r: OwnerOutcome) {
  if (r.kind === 'ok') return { request: r.request, message: r.message };
  return reply.code(r.kind === 'missing' ? 404 : 409).send({ message: r.message });
}

/** The owner's side of signing requests: compose and send, follow, resend, remind, cancel, turn off the recipients' download link. */
export function requestOwnerRoutes(app: App) {
  async function limited(reply: FastifyReply, key: string, max: number, message: string) {
    const state = await app.limiter.hit(key, HOUR_MS);
    if (state.count <= max) return false;
    const retryAfter = retryAfterSeconds(state, app.clock);
    await reply.code(429).header('Retry-After', String(retryAfter)).send({ message, retryAfter });
    return true;
  }

  app.post(
    '/api/documents/:id/requests',
    { onRequest: requireUser, schema: { params: idParams, body: createRequestSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      const max = app.limits.signingRequestsPerUserPerHour;
      if (await limited(reply, `signing-request:user:${user.id}`, max, m.tooManyRequests)) return reply;
      const result = await createRequest(
        app.requests,
        user,
        req.params.id,
        req.body,
        requestActor(user.name, user.email, req),
      );
      switch (result.kind) {
        case 'missing':
          return reply.code(404).send({ message: documentMessages.notFound });
        case 'invalid':
          return reply
            .code(400)
            .send({ message: result.message, ...(result.path ? { path: result.path } : {}) });
        case 'busy':
          return reply.code(503).header('Retry-After', '30').send({ message: m.busy });
      }
      return reply.code(201).send({ request: result.request });
    },
  );

  app.get('/api/requests', { onRequest: requireUser, schema: { querystring: requestListQuery } }, (req) =>
    app.requests.list(currentUser(req).id, req.query),
  );

  app.get(
    '/api/documents/:id/requests/current',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const found = await app.requests.current(currentUser(req).id, req.params.id);
      return found ?? reply.code(404).send({ message: documentMessages.notFound });
    },
  );

  app.post(
    '/api/requests/:id/cancel',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const result = await cancel(
        app.requests,
        user,
        req.params.id,
        requestActor(user.name, user.email, req),
      );
      return ownerAnswer(reply, result);
    },
  );

  app.delete(
    '/api/requests/:id/download-link',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) =>
      ownerAnswer(reply, await turnOffDownloadLink(app.requests, currentUser(req), req.params.id)),
  );

  for (const how of ['resend', 'remind'] as const) {
    app.post(
      `/api/requests/:id/recipients/:rid/${how}`,
      { onRequest: requireUser, schema: { params: recipientParams } },
      async (req, reply) => {
        const user = currentUser(req);
        const key = `signing-mail:recipient:${req.params.rid}`;
        // Counted only for the owner's own recipients: another user's ids answer 404 below, uncounted.
        const mine = await app.requests.ownedRequest(user.id, req.params.id);
        if (mine && (await limited(reply, key, app.limits.signingMailsPerRecipientPerHour, m.tooManyMails)))
          return reply;
        const result = await ownerMail(
          app.requests,
          user,
          req.params.id,
          req.params.rid,
          how,
          requestActor(user.name, user.email, req),
        );
        return ownerAnswer(reply, result);
      },
    );
  }
}
