import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentMessages } from '#shared/documents/messages.ts';
import {
  currentRequestAnswer,
  ownerActionAnswer,
  requestAnswer,
  requestListAnswer,
} from '#shared/requests/answers.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { createRequestSchema, requestListQuery } from '#shared/requests/schemas.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound, unavailable, type Outcome } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { requestActor } from './audit.ts';
import { createRequest, type CreateOutcome } from './compose.ts';
import { cancel, ownerMail, turnOffDownloadLink, type OwnerOutcome } from './owner.ts';

const HOUR_MS = 60 * 60 * 1000;
const id = idParams.shape.id;
const recipientParams = z.object({ id, rid: id });

/** An owner's action answers the request as it now is, or the outcome that stopped it. */
function ownerAnswer(r: OwnerOutcome) {
  if (r.kind === 'missing') throw notFound(r.message);
  if (r.kind === 'conflict') throw conflict(r.message);
  return { request: r.request, message: r.message };
}

/**
 * Signing requests a user may send per hour, however they send them (the browser or the public
 * API count on the same counter).
 */
export const composeLimit = (app: App, userId: (req: FastifyRequest) => number) =>
  rateLimit(app, {
    key: (req) => `signing-request:user:${userId(req)}`,
    max: (limits) => limits.signingRequestsPerUserPerHour,
    windowMs: HOUR_MS,
    message: m.tooManyRequests,
    retryAfterInBody: true,
  });

/** Links the owner mails one recipient per hour (resend and remind together, from anywhere). */
export const recipientMailLimit = (app: App, recipientId: (req: FastifyRequest) => number) =>
  rateLimit(app, {
    key: (req) => `signing-mail:recipient:${recipientId(req)}`,
    max: (limits) => limits.signingMailsPerRecipientPerHour,
    windowMs: HOUR_MS,
    message: m.tooManyMails,
    retryAfterInBody: true,
  });

/** A request that could not be made, as an outcome (`path` names the input at fault). */
function createRefused(r: Exclude<CreateOutcome, { kind: 'ok' }>): Outcome {
  switch (r.kind) {
    case 'missing':
      return notFound(documentMessages.notFound);
    case 'invalid':
      return invalid(r.message, r.path ? { path: r.path } : {});
    case 'document-state':
      return invalid(r.message);
    case 'busy':
      return unavailable(m.busy, 30);
  }
}

/** The owner's side of signing requests: compose and send, follow, resend, remind, cancel, turn off the recipients' download link. */
export function requestOwnerRoutes(app: App) {
  app.post(
    '/api/documents/:id/requests',
    {
      onRequest: requireUser,
      schema: { params: idParams, body: createRequestSchema, response: { 201: requestAnswer } },
      preHandler: composeLimit(app, (req) => currentUser(req).id),
    },
    async (req, reply) => {
      const user = currentUser(req);
      const result = await createRequest(
        app.requests,
        user,
        req.params.id,
        req.body,
        requestActor(user.name, user.email, req),
      );
      if (result.kind !== 'ok') throw createRefused(result);
      return reply.code(201).send({ request: result.request });
    },
  );

  app.get(
    '/api/requests',
    {
      onRequest: requireUser,
      schema: { querystring: requestListQuery, response: { 200: requestListAnswer } },
    },
    (req) => app.requests.list(currentUser(req).id, req.query),
  );

  app.get(
    '/api/documents/:id/requests/current',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: currentRequestAnswer } } },
    async (req) => {
      const found = await app.requests.current(currentUser(req).id, req.params.id);
      if (!found) throw notFound(documentMessages.notFound);
      return found;
    },
  );

  app.post(
    '/api/requests/:id/cancel',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: ownerActionAnswer } } },
    async (req) => {
      const user = currentUser(req);
      const result = await cancel(
        app.requests,
        user,
        req.params.id,
        requestActor(user.name, user.email, req),
      );
      return ownerAnswer(result);
    },
  );

  app.delete(
    '/api/requests/:id/download-link',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: ownerActionAnswer } } },
    async (req) => ownerAnswer(await turnOffDownloadLink(app.requests, currentUser(req), req.params.id)),
  );

  const mailLimit = recipientMailLimit(app, (req) => (req.params as { rid: number }).rid);
  for (const how of ['resend', 'remind'] as const) {
    app.post(
      `/api/requests/:id/recipients/:rid/${how}`,
      {
        onRequest: requireUser,
        schema: { params: recipientParams, response: { 200: ownerActionAnswer } },
        // Counted only for the owner's own recipients: another user's ids answer 404, uncounted.
        preHandler: async (req) => {
          if (await app.requests.ownedRequest(currentUser(req).id, req.params.id)) await mailLimit(req);
        },
      },
      async (req) => {
        const user = currentUser(req);
        const result = await ownerMail(
          app.requests,
          user,
          req.params.id,
          req.params.rid,
          how,
          requestActor(user.name, user.email, req),
        );
        return ownerAnswer(result);
      },
    );
  }
}
