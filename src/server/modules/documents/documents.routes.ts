import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import { fileAnswer, messageAnswer } from '#shared/answers.ts';
import {
  documentDetail,
  documentSummary,
  documentVerification,
  shareAnswer,
  sharedDocument,
  signDocumentAnswer,
  storageUsage,
} from '#shared/documents/answers.ts';
import { checkHashSchema, documentReferenceSchema, signDocumentSchema } from '#shared/documents/schemas.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound, unavailable, type Outcome } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { SignOutcome } from './signing.ts';
import { uploadRoutes } from './upload.routes.ts';
import { contentDisposition } from './views.ts';

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
/** The bytes of a PDF, never serialised. */
export const pdfAnswer = fileAnswer('application/pdf');
export const pdfHeaders = {
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
export function sendPdf(
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

/** A refused signing as an outcome: the same status and answer every time. */
function signRefused(r: Exclude<SignOutcome, { kind: 'ok' }>): Outcome {
  switch (r.kind) {
    case 'missing':
      return notFound(m.notFound);
    case 'already-signed':
      return conflict(m.alreadySigned);
    case 'awaiting':
      return conflict(requestMessages.documentAwaitingLocked);
    case 'signature-not-yours':
      return invalid(m.signatureNotYours);
    case 'signature-revoked':
      return invalid(m.signatureRevoked);
    case 'signature-no-image':
      return invalid(m.signatureNoImage);
    case 'signature-unreadable':
      return invalid(m.signatureImageUnreadable);
    case 'unreadable':
      return invalid(m.damaged);
    case 'busy':
      return unavailable(m.busy, 30);
    case 'no-page':
      return invalid(m.pageMissing(r.page, r.pageCount), { pageCount: r.pageCount });
    case 'outside':
      return invalid(m.offPage(r.page, r.width, r.height), { page: { width: r.width, height: r.height } });
  }
}

/** Public checks (by hash or reference) answer only for signed documents, and are counted per IP. */
export function documentCheckLimit(app: App) {
  return rateLimit(app, {
    key: (req) => `document-check:ip:${req.ip}`,
    max: () => DOCUMENT_CHECKS_PER_HOUR,
    windowMs: HOUR_MS,
    message: m.tooManyChecks,
    retryAfterInBody: true,
  });
}

export function documentRoutes(app: App) {
  uploadRoutes(app);

  app.get(
    '/api/documents/usage',
    { onRequest: requireUser, schema: { response: { 200: storageUsage } } },
    async (req) => app.documents.usage(currentUser(req).id, app.limits.storageQuotaBytes),
  );

  app.get(
    '/api/documents',
    { onRequest: requireUser, schema: { response: { 200: z.array(documentSummary) } } },
    async (req) => app.documents.list(currentUser(req).id),
  );

  app.get(
    '/api/documents/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: documentDetail } } },
    async (req) => {
      const doc = await app.documents.get(currentUser(req).id, req.params.id);
      if (!doc) throw notFound(m.notFound);
      return doc;
    },
  );

  app.get(
    '/api/documents/:id/file',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: pdfAnswer } }, ...pdfHeaders },
    async (req, reply) => {
      const file = await app.documents.file(currentUser(req).id, req.params.id, false);
      if (!file) throw notFound(m.notFound);
      return sendPdf(reply, file, 'inline');
    },
  );

  app.get(
    '/api/documents/:id/download',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: pdfAnswer } }, ...pdfHeaders },
    async (req, reply) => {
      const file = await app.documents.file(currentUser(req).id, req.params.id, true);
      if (!file) throw notFound(m.notFound);
      return sendPdf(reply, file, 'attachment');
    },
  );

  app.delete(
    '/api/documents/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const user = currentUser(req);
      const row = await app.documents.delete(user.id, req.params.id);
      if (!row) throw notFound(m.notFound);
      if (row === 'awaiting') throw conflict(requestMessages.documentAwaitingLocked);
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
    {
      onRequest: requireUser,
      schema: { params: idParams, body: signDocumentSchema, response: { 200: signDocumentAnswer } },
    },
    async (req) => {
      const user = currentUser(req);
      const result = await app.documents.sign(user, req.params.id, req.body);
      if (result.kind !== 'ok') throw signRefused(result);
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
    { onRequest: requireUser, schema: { params: idParams, response: { 200: shareAnswer } } },
    async (req) => {
      const user = currentUser(req);
      const shared = await app.documents.share(user.id, req.params.id);
      if (!shared) throw notFound(m.notFound);
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
    { onRequest: requireUser, schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const user = currentUser(req);
      const row = await app.documents.revokeShares(user.id, req.params.id);
      if (!row) throw notFound(m.notFound);
      await app.activity.log('document-share-revoked', { userId: user.id, ip: req.ip, detail: `#${row.id}` });
      return { message: m.shareRevoked };
    },
  );

  app.get(
    '/api/shared/:token',
    { schema: { params: tokenParams, response: { 200: sharedDocument } } },
    async (req) => {
      const doc = await app.documents.shared(req.params.token);
      if (!doc) throw notFound(m.shareNotFound);
      return doc;
    },
  );

  app.get(
    '/api/shared/:token/file',
    {
      schema: {
        params: tokenParams,
        querystring: z.object({ download: z.string().max(5).optional() }),
        response: { 200: pdfAnswer },
      },
      ...pdfHeaders,
    },
    async (req, reply) => {
      const file = await app.documents.sharedFile(req.params.token);
      if (!file) throw notFound(m.shareNotFound);
      return sendPdf(reply, file, req.query.download ? 'attachment' : 'inline');
    },
  );

  const checkLimit = documentCheckLimit(app);

  app.post(
    '/api/documents/check-hash',
    { schema: { body: checkHashSchema, response: { 200: documentVerification } }, preHandler: checkLimit },
    async (req) => {
      const found = await app.documents.checkHash(req.body.sha256);
      if (!found) throw notFound(m.hashNoMatch);
      return found;
    },
  );

  app.get(
    '/api/documents/reference/:reference',
    {
      schema: {
        params: z.object({ reference: documentReferenceSchema }),
        response: { 200: documentVerification },
      },
      preHandler: checkLimit,
    },
    async (req) => {
      const found = await app.documents.byReference(req.params.reference);
      if (!found) throw notFound(m.referenceNotFound);
      return found;
    },
  );
}
