import { z } from 'zod';
import { messageAnswer } from '#shared/answers.ts';
import {
  accessAnswer,
  deletedAllAnswer,
  imagesClearedAnswer,
  ownSignature,
  revokedAnswer,
} from '#shared/signatures/answers.ts';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { saveSignatureSchema } from '#shared/signatures/schemas.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { imageRefused } from './image-answers.ts';
import { toOwnSignature } from './signatures.service.ts';

export const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const HOUR_MS = 60 * 60 * 1000;

export function signatureRoutes(app: App) {
  app.post(
    '/api/signatures',
    {
      schema: { body: saveSignatureSchema, response: { 201: ownSignature } },
      // Anyone may save without an account: such saves are counted per network.
      preHandler: rateLimit(app, {
        key: (req) => (req.session?.user ? null : `save:ip:${req.ip}`),
        max: (limits) => limits.anonymousSavesPerIpPerHour,
        windowMs: HOUR_MS,
        message: m.tooManySaves,
      }),
    },
    async (req, reply) => {
      const user = req.session?.user ?? null;
      const result = await app.signatures.save(req.body, user, req.ip);
      switch (result.kind) {
        case 'consent-required':
          throw invalid(m.consentRequired);
        case 'reference-taken':
          throw conflict(m.referenceTaken);
        case 'image':
          throw imageRefused(result.refusal);
      }
      await app.activity.log('signature-created', {
        userId: user?.id ?? null,
        ip: req.ip,
        detail: result.signature.reference_number,
      });
      return reply.code(201).send(toOwnSignature(result.signature));
    },
  );

  app.get(
    '/api/signatures',
    { onRequest: requireUser, schema: { response: { 200: z.array(ownSignature) } } },
    async (req) => (await app.signatures.list(currentUser(req).id)).map(toOwnSignature),
  );

  app.delete(
    '/api/signatures',
    { onRequest: requireUser, schema: { response: { 200: deletedAllAnswer } } },
    async (req) => {
      const deleted = await app.signatures.deleteAll(currentUser(req).id);
      await app.activity.log('signature-deleted', {
        userId: currentUser(req).id,
        ip: req.ip,
        detail: `all (${deleted})`,
      });
      return { message: m.deletedAll, deleted };
    },
  );

  app.patch(
    '/api/signatures/clear-images',
    { onRequest: requireUser, schema: { response: { 200: imagesClearedAnswer } } },
    async (req) => {
      const cleared = await app.signatures.clearImages(currentUser(req).id);
      return { message: m.imagesCleared, cleared };
    },
  );

  app.get(
    '/api/signatures/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: ownSignature } } },
    async (req) => {
      const row = await app.signatures.get(currentUser(req).id, req.params.id);
      if (!row) throw notFound(m.idNotFound);
      return toOwnSignature(row);
    },
  );

  app.delete(
    '/api/signatures/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const user = currentUser(req);
      if (!(await app.signatures.delete(user.id, req.params.id))) throw notFound(m.idNotFound);
      await app.activity.log('signature-deleted', {
        userId: user.id,
        ip: req.ip,
        detail: `#${req.params.id}`,
      });
      return { message: m.deleted };
    },
  );

  app.patch(
    '/api/signatures/:id/toggle-access',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: accessAnswer } } },
    async (req) => {
      const user = currentUser(req);
      const row = await app.signatures.toggleAccess(user.id, req.params.id);
      if (!row) throw notFound(m.idNotFound);
      const isPublic = row.is_public === 1;
      await app.activity.log('signature-access-changed', {
        userId: user.id,
        ip: req.ip,
        detail: `#${row.id} ${isPublic ? 'public' : 'private'}`,
      });
      return { message: isPublic ? m.madePublic : m.madePrivate, isPublic };
    },
  );

  app.patch(
    '/api/signatures/:id/revoke',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: revokedAnswer } } },
    async (req) => {
      const user = currentUser(req);
      const row = await app.signatures.revoke(user.id, req.params.id);
      if (!row) throw notFound(m.idNotFound);
      await app.activity.log('signature-revoked', { userId: user.id, ip: req.ip, detail: `#${row.id}` });
      return { message: m.revokedOk, revokedAt: row.revoked_at };
    },
  );
}
