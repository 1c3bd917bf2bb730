import { z } from 'zod';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { saveSignatureSchema } from '#shared/signatures/schemas.ts';
import type { App } from '#server/app-types.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { imageAnswer } from './image-answers.ts';
import { toOwnSignature } from './signatures.service.ts';

export const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const notFound = { message: m.idNotFound };
const HOUR_MS = 60 * 60 * 1000;

export function signatureRoutes(app: App) {
  app.post('/api/signatures', { schema: { body: saveSignatureSchema } }, async (req, reply) => {
    const user = req.session?.user ?? null;
    if (!user) {
      const state = await app.limiter.hit(`save:ip:${req.ip}`, HOUR_MS);
      if (state.count > app.limits.anonymousSavesPerIpPerHour) {
        const retryAfter = retryAfterSeconds(state, app.clock);
        return reply.code(429).header('Retry-After', String(retryAfter)).send({ message: m.tooManySaves });
      }
    }
    const result = await app.signatures.save(req.body, user, req.ip);
    switch (result.kind) {
      case 'consent-required':
        return reply.code(400).send({ message: m.consentRequired });
      case 'reference-taken':
        return reply.code(409).send({ message: m.referenceTaken });
      case 'image': {
        const answer = imageAnswer(result.refusal);
        if (answer.retryAfter) reply.header('Retry-After', String(answer.retryAfter));
        return reply.code(answer.status).send({ message: answer.message });
      }
    }
    await app.activity.log('signature-created', {
      userId: user?.id ?? null,
      ip: req.ip,
      detail: result.signature.reference_number,
    });
    return reply.code(201).send(toOwnSignature(result.signature));
  });

  app.get('/api/signatures', { onRequest: requireUser }, async (req) =>
    (await app.signatures.list(currentUser(req).id)).map(toOwnSignature),
  );

  app.delete('/api/signatures', { onRequest: requireUser }, async (req) => {
    const deleted = await app.signatures.deleteAll(currentUser(req).id);
    await app.activity.log('signature-deleted', {
      userId: currentUser(req).id,
      ip: req.ip,
      detail: `all (${deleted})`,
    });
    return { message: m.deletedAll, deleted };
  });

  app.patch('/api/signatures/clear-images', { onRequest: requireUser }, async (req) => {
    const cleared = await app.signatures.clearImages(currentUser(req).id);
    return { message: m.imagesCleared, cleared };
  });

  app.get(
    '/api/signatures/:id',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const row = await app.signatures.get(currentUser(req).id, req.params.id);
      return row ? toOwnSignature(row) : reply.code(404).send(notFound);
    },
  );

  app.delete(
    '/api/signatures/:id',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      if (!(await app.signatures.delete(user.id, req.params.id))) return reply.code(404).send(notFound);
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
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await app.signatures.toggleAccess(user.id, req.params.id);
      if (!row) return reply.code(404).send(notFound);
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
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await app.signatures.revoke(user.id, req.params.id);
      if (!row) return reply.code(404).send(notFound);
      await app.activity.log('signature-revoked', { userId: user.id, ip: req.ip, detail: `#${row.id}` });
      return { message: m.revokedOk, revokedAt: row.revoked_at };
    },
  );
}
