import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import { checkHashSchema, documentReferenceSchema, signDocumentSchema } from '#shared/documents/schemas.ts';
import type { App } from '#server/app-types.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { SignOutcome } from './signing.ts';
import { uploadRoutes } from './upload.routes.ts';
import { contentDisposition } from './views.ts';

const notFound = { message: m.notFound };
const tokenParams = z.object({ token: z.string().regex(/^[\w-]{20,100}$/, m.shareNotFound) });
const HOUR_MS = 60 * 60 * 1000;
/** Public document checks (hash or reference) per IP and hour. */
export const DOCUMENT_CHECKS_PER_HOUR = 60;

/**
 * Uploaded PDFs are the user's content, not ours: a viewer opening one straight from
 * this origin gets no script, no plugin, no form and no same-origin rights. The security-headers
 * hook sets the page policy on every non-JSON answer in onSend; a route-level onSend runs after
 * it, so this one stands.
 */
export const PDF_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";
const pdfHeaders = {
  onSend: (
    _req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (e: null, p: unknown) => void,
  ) => {
    if (reply.getHeader('content-type') === 'application/pdf')
      reply.header('Content-Security-Policy', PDF_CSP);
    done(null, payload);
  },
};

/** A file that still holds active content (an original that has it) is only ever a download. */
function sendPdf(
  reply: FastifyReply,
  file: { bytes: Buffer; name: string; active: boolean },
  type: 'inline' | 'attachment',
) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', contentDisposition(file.active ? 'attachment' : type, file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.bytes);
}

function signFailure(reply: FastifyReply, r: Exclude<SignOutcome, { kind: 'ok' }>) {
  switch (r.kind) {
    case 'missing':
      return reply.code(404).send(notFound);
    case 'already-signed':
      return reply.code(409).send({ message: m.alreadySigned });
    case 'awaiting':
      return reply.code(409).send({ message: requestMessages.documentAwaitingLocked });
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
  uploadRoutes(app);

  app.get('/api/documents/usage', { onRequest: requireUser }, async (req) =>
    app.documents.usage(currentUser(req).id, app.limits.storageQuotaBytes),
  );

  app.get('/api/documents', { onRequest: requireUser }, async (req) =>
    app.documents.list(currentUser(req).id),
  );

  app.get(
    '/api/documents/:id',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const doc = await app.documents.get(currentUser(req).id, req.params.id);
      return doc ?? reply.code(404).send(notFound);
    },
  );

  app.get(
    '/api/documents/:id/file',
    { onRequest: requireUser, schema: { params: idParams }, ...pdfHeaders },
    async (req, reply) => {
      const file = await app.documents.file(currentUser(req).id, req.params.id, false);
      return file ? sendPdf(reply, file, 'inline') : reply.code(404).send(notFound);
    },
  );

  app.get(
    '/api/documents/:id/download',
    { onRequest: requireUser, schema: { params: idParams }, ...pdfHeaders },
    async (req, reply) => {
      const file = await app.documents.file(currentUser(req).id, req.params.id, true);
      return file ? sendPdf(reply, file, 'attachment') : reply.code(404).send(notFound);
    },
  );

  app.delete(
    '/api/documents/:id',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      const row = await app.documents.delete(user.id, req.params.id);
      if (!row) return reply.code(404).send(notFound);
      if (row === 'awaiting')
        return reply.code(409).send({ message: requestMessages.documentAwaitingLocked });
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
    { onRequest: requireUser, schema: { params: idParams, body: signDocumentSchema } },
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
    { onRequest: requireUser, schema: { params: idParams } },
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
    { onRequest: requireUser, schema: { params: idParams } },
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
    {
      schema: { params: tokenParams, querystring: z.object({ download: z.string().max(5).optional() }) },
      ...pdfHeaders,
    },
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
