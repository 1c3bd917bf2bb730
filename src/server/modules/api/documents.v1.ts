import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { noContent } from '#shared/answers.ts';
import {
  apiDocument,
  apiDocumentDetail,
  documentListQuery,
  documentPage,
  documentUploadForm,
  documentUploadJson,
} from '#shared/api/documents.ts';
import { idParam } from '#shared/api/common.ts';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { DOCUMENT_MAX_BYTES } from '#shared/documents/schemas.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import type { App } from '#server/app-types.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { conflict, invalid, notFound, Outcome, tooLarge } from '#server/lib/outcomes.ts';
import { validatorWithoutNul } from '#server/lib/validator.ts';
import { pdfAnswer, pdfHeaders, sendPdf } from '../documents/documents.routes.ts';
import { ENVELOPE_BYTES, readUpload } from '../documents/upload.ts';
import { checkRoom, refuseDeclaredOversize, storeUpload, uploadLimit } from '../documents/upload.routes.ts';
import { decodeCursor, pageFrom } from './cursor.ts';
import { apiToken, apiUser } from './v1.routes.ts';

/** A 10 MB PDF in base64 and the JSON around it: the body limit of the JSON upload only. */
export const JSON_UPLOAD_BODY_LIMIT = Math.ceil(DOCUMENT_MAX_BYTES / 3) * 4 + ENVELOPE_BYTES;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_PREFIX = /^data:application\/pdf;base64,/i;

/** The stable code of each refused upload the browser tells apart by `reason`. */
const uploadCodes: Record<string, string> = {
  encrypted: 'pdf_encrypted',
  damaged: 'pdf_damaged',
  empty: 'pdf_empty',
  'too-complex': 'pdf_too_complex',
};

/** The upload service's refusals, with the code an API client branches on. */
async function withUploadCodes<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const reason = err instanceof Outcome ? err.fields.reason : undefined;
    if (err instanceof Outcome && typeof reason === 'string' && uploadCodes[reason])
      throw new Outcome(err.kind, err.message, { ...err.fields, code: uploadCodes[reason] }, err.retryAfter);
    throw err;
  }
}

/** The PDF of a JSON upload: base64 (or a PDF data URL) decoded, or a clear 400 / 413. */
function decodePdf(text: string): Buffer {
  const b64 = text.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (!BASE64.test(b64) || b64.length % 4 === 1)
    throw invalid('contentBase64 is not valid base64', { code: 'base64_invalid' });
  if (
    Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0) >
    DOCUMENT_MAX_BYTES
  )
    throw tooLarge(m.fileTooLarge);
  return Buffer.from(b64, 'base64');
}

/**
 * The upload takes JSON or a multipart form on one route: the JSON schema checks the JSON body,
 * and a multipart body (read by the handler, so it arrives here empty) passes through.
 */
function jsonOrMultipart<S>(): FastifySchemaCompiler<S> {
  return (route) => {
    const full = validatorWithoutNul(route as unknown as Parameters<typeof validatorWithoutNul>[0]);
    if (route.httpPart !== 'body') return full;
    return (data) => (data === null || data === undefined ? { value: undefined } : full(data));
  };
}

/** Documents through the public API: the same service, limits and outcomes as the browser's routes. */
export function documentsV1(api: App) {
  api.get(
    '/documents',
    {
      config: { scope: 'documents:read' },
      schema: {
        tags: ['Documents'],
        operationId: 'listDocuments',
        summary: 'List documents, newest first',
        description:
          'Pages with `cursor` and `limit`; a page starts strictly after the previous one, so documents ' +
          'uploaded or deleted while paging neither repeat nor hide the others.',
        querystring: documentListQuery,
        response: { 200: documentPage },
      },
    },
    async (req) => {
      const { cursor, limit, status, name, createdAfter, createdBefore } = req.query;
      const key = decodeCursor(cursor);
      // a cursor this list issued always names the time; an id alone starts from the newest
      const after = key?.at ? { at: key.at, id: key.id } : null;
      const rows = await api.documents.page(apiUser(req).id, {
        after,
        limit,
        status,
        name,
        createdAfter,
        createdBefore,
      });
      return pageFrom(
        rows,
        limit,
        (d) => ({ id: d.id, at: d.createdAt }),
        (d) => d,
      );
    },
  );

  api.get(
    '/documents/:id',
    {
      config: { scope: 'documents:read' },
      schema: {
        tags: ['Documents'],
        operationId: 'getDocument',
        summary: 'Get a document',
        description: 'The document and the signatures placed on it.',
        params: idParam,
        response: { 200: apiDocumentDetail },
      },
    },
    async (req) => {
      const doc = await api.documents.get(apiUser(req).id, req.params.id);
      if (!doc) throw notFound(m.notFound);
      return doc;
    },
  );

  api.get(
    '/documents/:id/file',
    {
      config: { scope: 'documents:read' },
      schema: {
        tags: ['Documents'],
        operationId: 'downloadDocumentOriginal',
        summary: 'Download the original PDF',
        description: 'The file as it was uploaded, as an attachment.',
        params: idParam,
        response: { 200: pdfAnswer },
      },
      ...pdfHeaders,
    },
    async (req, reply) => {
      const file = await api.documents.file(apiUser(req).id, req.params.id, false);
      if (!file) throw notFound(m.notFound);
      return sendPdf(reply, file, 'attachment');
    },
  );

  api.get(
    '/documents/:id/signed',
    {
      config: { scope: 'documents:read' },
      schema: {
        tags: ['Documents'],
        operationId: 'downloadDocumentSigned',
        summary: 'Download the signed PDF',
        description:
          'The signed version (sealed, with its certificate pages, once a signing request is completed). ' +
          'A document not signed yet answers 409 `document_not_signed`.',
        params: idParam,
        response: { 200: pdfAnswer },
      },
      ...pdfHeaders,
    },
    async (req, reply) => {
      const user = apiUser(req);
      const row = await api.documents.row(user.id, req.params.id);
      if (!row) throw notFound(m.notFound);
      if (row.signed_at === null)
        throw conflict('The document is not signed yet: download its original from /file', {
          code: 'document_not_signed',
        });
      const file = await api.documents.file(user.id, req.params.id, true);
      if (!file) throw notFound(m.notFound);
      return sendPdf(reply, file, 'attachment');
    },
  );

  api.delete(
    '/documents/:id',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: ['Documents'],
        operationId: 'deleteDocument',
        summary: 'Delete a document',
        description:
          'Deletes the document, its files and share links. A document waiting for signatures stays ' +
          'until its signing request is cancelled: 409 `document_awaiting_signatures`.',
        params: idParam,
        response: { 204: noContent },
      },
    },
    async (req, reply) => {
      const user = apiUser(req);
      const row = await api.documents.delete(user.id, req.params.id);
      if (!row) throw notFound(m.notFound);
      if (row === 'awaiting')
        throw conflict(requestMessages.documentAwaitingLocked, { code: 'document_awaiting_signatures' });
      await api.activity.log('document-deleted', {
        userId: user.id,
        ip: req.ip,
        detail: `#${row.id} ${row.name}`,
      });
      return reply.code(204).send(undefined);
    },
  );

  const limit = uploadLimit(api, apiUser);

  /** The multipart form, as the browser sends it: the hourly limits and the room before it is read. */
  async function fromForm(req: FastifyRequest) {
    await limit(req);
    const user = apiUser(req);
    const declared = Number(req.headers['content-length']);
    await checkRoom(api, req, user, declared > 0 ? declared - ENVELOPE_BYTES : 1);
    const upload = await readUpload(req);
    if (upload.kind !== 'ok')
      throw upload.kind === 'too-large' ? tooLarge(m.fileTooLarge) : invalid(m.uploadMalformed);
    return {
      name: upload.name,
      filename: upload.file?.filename ?? '',
      bytes: upload.file?.bytes ?? Buffer.alloc(0),
    };
  }

  // Multipart parsing exists only inside this scope: every other route keeps refusing it.
  void api.register(async (scope: App) => {
    await scope.register(fastifyMultipart);
    scope.post(
      '/documents',
      {
        config: { scope: 'documents:write', idempotency: 'by-route' },
        bodyLimit: JSON_UPLOAD_BODY_LIMIT,
        onRequest: async (req, reply) => {
          if (req.isMultipart()) await refuseDeclaredOversize(req, reply);
        },
        validatorCompiler: jsonOrMultipart(),
        schema: {
          tags: ['Documents'],
          operationId: 'uploadDocument',
          summary: 'Upload a PDF',
          description:
            'Send either `multipart/form-data` with a `file` part (the PDF) and an optional `name` ' +
            'field, or JSON `{ name, filename?, contentBase64 }`. At most 10 MB of PDF (about 13.4 MB ' +
            'of base64); over it, or over the storage quota, 413 `too_large`. A ' +
            'file that is not a PDF is 415; an encrypted or damaged one 400 (`pdf_encrypted`, ' +
            '`pdf_damaged`). Uploads per user and per network are limited per hour (429). Honours ' +
            '`Idempotency-Key` for both forms.',
          body: documentUploadJson,
          multipart: documentUploadForm,
          response: { 201: apiDocument },
        },
      },
      async (req, reply) => {
        const token = apiToken(req);
        let input: { name: string | undefined; filename: string; bytes: Buffer };
        if (req.isMultipart()) {
          input = await fromForm(req);
          const fingerprint = JSON.stringify([input.name ?? null, input.filename, sha256(input.bytes)]);
          if (await api.idempotency.begin(req, reply, token.id, fingerprint)) return reply;
        } else {
          if (!req.body)
            throw invalid('Send the PDF as JSON or as a multipart form', { code: 'validation_failed' });
          if (await api.idempotency.begin(req, reply, token.id)) return reply;
          await limit(req);
          const bytes = decodePdf(req.body.contentBase64);
          await checkRoom(api, req, apiUser(req), bytes.length);
          input = { name: req.body.name, filename: req.body.filename ?? '', bytes };
        }
        const document = await withUploadCodes(() => storeUpload(api, req, apiUser(req), input));
        return reply.code(201).send(apiDocument.parse(document));
      },
    );
  });
}
