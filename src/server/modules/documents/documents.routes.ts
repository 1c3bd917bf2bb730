import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { documentMessages as m } from '#shared/documents/messages.ts';
import {
  DOCUMENT_MAX_BYTES,
  checkHashSchema,
  documentNameSchema,
  documentReferenceSchema,
  signDocumentSchema,
} from '#shared/documents/schemas.ts';
import type { App } from '../../app.ts';
import { retryAfterSeconds } from '../../lib/rate-limiter.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { Refusal } from '../pdf/jobs.ts';
import { PoolBusyError } from '../pdf/pdf-pool.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { SignOutcome } from './signing.ts';
import { ENVELOPE_BYTES, cleanFilename, readUpload } from './upload.ts';
import { contentDisposition } from './views.ts';

const notFound = { message: m.notFound };
const tokenParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, m.shareNotFound) });
const HOUR_MS = 60 * 60 * 1000;
/** Public document checks (hash or reference) per IP and hour. */
export const DOCUMENT_CHECKS_PER_HOUR = 60;

function sendPdf(reply: FastifyReply, file: { bytes: Buffer; name: string }, type: 'inline' | 'attachment') {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', contentDisposition(type, file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.bytes);
}

function refusal(reply: FastifyReply, kind: Refusal['kind']) {
  switch (kind) {
    case 'not-pdf':
      return reply.code(415).send({ message: m.onlyPdf });
    case 'encrypted':
      return reply.code(400).send({ message: m.encrypted, reason: 'encrypted' });
    case 'damaged':
      return reply.code(400).send({ message: m.damaged, reason: 'damaged' });
    case 'empty':
      return reply.code(400).send({ message: m.noPages, reason: 'empty' });
  }
}

function signFailure(reply: FastifyReply, r: Exclude<SignOutcome, { kind: 'ok' }>) {
  switch (r.kind) {
    case 'missing':
      return reply.code(404).send(notFound);
    case 'already-signed':
      return reply.code(409).send({ message: m.alreadySigned });
    case 'signature-not-yours':
      return reply.code(400).send({ message: m.signatureNotYours });
    case 'signature-revoked':
      return reply.code(400).send({ message: m.signatureRevoked });
    case 'signature-no-image':
      return reply.code(400).send({ message: m.signatureNoImage });
    case 'signature-unreadable':
      return reply.code(400).send({ message: m.signatureImageUnreadable });
    case 'unreadable':
      return reply.code(400).send({ message: m.damaged });
    case 'busy':
      return reply.code(503).header('Retry-After', '30').send({ message: m.busy });
    case 'no-page':
      return reply.code(400).send({ message: m.pageMissing(r.page, r.pageCount), pageCount: r.pageCount });
    case 'outside':
      return reply
        .code(400)
        .send({ message: m.offPage(r.page, r.width, r.height), page: { width: r.width, height: r.height } });
  }
}

export function documentRoutes(app: App) {
  // Multipart parsing exists only inside this scope: every other route keeps refusing it.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.post('/api/documents/upload', { preHandler: requireUser }, async (req, reply) => {
      const declared = Number(req.headers['content-length']);
      if (declared > DOCUMENT_MAX_BYTES + ENVELOPE_BYTES) {
        return reply.code(413).header('Connection', 'close').send({ message: m.fileTooLarge });
      }
      const upload = await readUpload(req);
      if (upload.kind !== 'ok') {
        const tooLarge = upload.kind === 'too-large';
        return reply
          .code(tooLarge ? 413 : 400)
          .send({ message: tooLarge ? m.fileTooLarge : m.uploadMalformed });
      }
      const name = documentNameSchema.safeParse(upload.name ?? '');
      if (!name.success) return reply.code(400).send({ message: name.error.issues[0]!.message });
      if (!upload.file || upload.file.bytes.length === 0)
        return reply.code(400).send({ message: m.fileRequired });
      const user = currentUser(req);
      let result;
      try {
        result = await app.documents.upload(user, {
          name: name.data,
          filename: cleanFilename(upload.file.filename, name.data),
          bytes: upload.file.bytes,
        });
      } catch (err) {
        if (err instanceof PoolBusyError)
          return reply.code(503).header('Retry-After', '30').send({ message: m.busy });
        throw err;
      }
      if (result.kind !== 'ok') return refusal(reply, result.kind);
      await app.activity.log('document-uploaded', {
        userId: user.id,
        ip: req.ip,
        detail: `#${result.document.id} ${result.document.name}`,
      });
      return reply.code(201).send(result.document);
    });
  });

  app.get('/api/documents', { preHandler: requireUser }, async (req) =>
    app.documents.list(currentUser(req).id),
  );

  app.get(
    '/api/documents/:id',
    { preHandler: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const doc = await app.documents.get(currentUser(req).id, req.params.id);
      return doc ?? reply.code(404).send(notFound);
    },
  );

  app.get(
    '/api/documents/:id/file',
    { preHandler: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const file = await app.documents.file(currentUser(req).id, req.params.id, false);
      return file ? sendPdf(reply, file, 'inline') : reply.code(404).send(notFound);
    },
  );

  app.get(
    '/api/documents/:id/download',
    { preHandler: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const file = await app.documents.file(currentUser(req).id, req.params.id, true);
      return file ? sendPdf(reply, file, 'attachment') : reply.code(404).send(notFound);
    },
  );

  app.delete(
    '/api/documents/:id',
    { preHandler: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await app.documents.delete(user.id, req.params.id);
      if (!row) return reply.code(404).send(notFound);
      await app.activity.log('document-deleted', {
        userId: user.id,
        ip: req.ip,
        detail: `#${row.id} ${row.name}`,
      });
      return { message: m.deleted };
    },
  );

  app.post(
    '/api/documents/:id/sign',
    { preHandler: requireUser, schema: { params: idParams, body: signDocumentSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      const result = await app.documents.sign(user, req.params.id, req.body);
      if (result.kind !== 'ok') return signFailure(reply, result);
      await app.activity.log('document-signed', {
        userId: user.id,
        ip: req.ip,
        detail: `#${req.params.id} ${result.response.document.reference}`,
      });
      return result.response;
    },
  );

  app.post(
    '/api/documents/:id/share',
    { preHandler: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const shared = await app.documents.share(user.id, req.params.id);
      if (!shared) return reply.code(404).send(notFound);
      await app.activity.log('document-shared', {
        userId: user.id,
        ip: req.ip,
        detail: `#${shared.document.id}`,
      });
      return { shareLink: shared.shareLink, expiresAt: shared.expiresAt };
    },
  );

  app.delete(
    '/api/documents/:id/share',
    { preHandler: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await app.documents.revokeShares(user.id, req.params.id);
      if (!row) return reply.code(404).send(notFound);
      await app.activity.log('document-share-revoked', { userId: user.id, ip: req.ip, detail: `#${row.id}` });
      return { message: m.shareRevoked };
    },
  );

  app.get('/api/shared/:token', { schema: { params: tokenParams } }, async (req, reply) => {
    const doc = await app.documents.shared(req.params.token);
    return doc ?? reply.code(404).send({ message: m.shareNotFound });
  });

  app.get(
    '/api/shared/:token/file',
    { schema: { params: tokenParams, querystring: z.object({ download: z.string().max(5).optional() }) } },
    async (req, reply) => {
      const file = await app.documents.sharedFile(req.params.token);
      if (!file) return reply.code(404).send({ message: m.shareNotFound });
      return sendPdf(reply, file, req.query.download ? 'attachment' : 'inline');
    },
  );

  /** Public checks answer only for signed documents, and are counted per IP. */
  async function throttled(ip: string, reply: FastifyReply) {
    const state = await app.limiter.hit(`document-check:ip:${ip}`, HOUR_MS);
    if (state.count <= DOCUMENT_CHECKS_PER_HOUR) return false;
    const retryAfter = retryAfterSeconds(state, app.clock);
    await reply
      .code(429)
      .header('Retry-After', String(retryAfter))
      .send({ message: m.tooManyChecks, retryAfter });
    return true;
  }

  app.post('/api/documents/check-hash', { schema: { body: checkHashSchema } }, async (req, reply) => {
    if (await throttled(req.ip, reply)) return reply;
    const found = await app.documents.checkHash(req.body.sha256);
    return found ?? reply.code(404).send({ message: m.hashNoMatch });
  });

  app.get(
    '/api/documents/reference/:reference',
    { schema: { params: z.object({ reference: documentReferenceSchema }) } },
    async (req, reply) => {
      if (await throttled(req.ip, reply)) return reply;
      const found = await app.documents.byReference(req.params.reference);
      return found ?? reply.code(404).send({ message: m.referenceNotFound });
    },
  );
}
