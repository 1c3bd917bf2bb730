import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { documentSummary, type DocumentSummary } from '#shared/documents/answers.ts';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { DOCUMENT_MAX_BYTES, documentNameSchema } from '#shared/documents/schemas.ts';
import type { App } from '#server/app-types.ts';
import type { UserRow } from '#server/db/schema.ts';
import {
  insufficientStorage,
  invalid,
  tooLarge,
  unavailable,
  unsupportedMedia,
  type Outcome,
} from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { PoolBusyError } from '../pdf/pdf-pool.ts';
import type { UploadResult } from './documents.service.ts';
import { checkFreeDisk } from './storage.ts';
import { ENVELOPE_BYTES, cleanFilename, readUpload } from './upload.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A refused upload as an outcome, with the `reason` the web app shows its help for. */
export function refused(r: Exclude<UploadResult, { kind: 'ok' }>): Outcome {
  switch (r.kind) {
    case 'not-pdf':
      return unsupportedMedia(m.onlyPdf);
    case 'encrypted':
      return invalid(m.encrypted, { reason: 'encrypted' });
    case 'damaged':
      return invalid(m.damaged, { reason: 'damaged' });
    case 'empty':
      return invalid(m.noPages, { reason: 'empty' });
    case 'too-complex':
      return invalid(m.tooComplex, { reason: 'too-complex' });
    case 'over-quota':
      return tooLarge(m.overQuota(r.usedBytes, r.quotaBytes), {
        reason: 'quota',
        usedBytes: r.usedBytes,
        quotaBytes: r.quotaBytes,
      });
  }
}

/**
 * A body declared over the limit is refused before anything is counted or read, and the
 * connection closed: the rest of it is not worth reading.
 */
export async function refuseDeclaredOversize(req: FastifyRequest, reply: FastifyReply) {
  if (Number(req.headers['content-length']) > DOCUMENT_MAX_BYTES + ENVELOPE_BYTES) {
    void reply.header('Connection', 'close');
    throw tooLarge(m.fileTooLarge);
  }
}

/** The hourly uploads of the caller (a session's user or a token's owner) and of its IP. */
export function uploadLimit(app: App, userOf: (req: FastifyRequest) => UserRow) {
  return rateLimit(
    app,
    {
      key: (req) => `upload:user:${userOf(req).id}`,
      max: (limits) => limits.uploadsPerUserPerHour,
      windowMs: HOUR_MS,
      message: m.tooManyUploads,
      retryAfterInBody: true,
    },
    {
      key: (req) => `upload:ip:${req.ip}`,
      max: (limits) => limits.uploadsPerIpPerHour,
      windowMs: HOUR_MS,
      message: m.tooManyUploads,
      retryAfterInBody: true,
    },
  );
}

/**
 * Before the file is read: the free disk (507) and whether a file of about `bytes` can fit the
 * user's quota (413); the quota is checked again where the file is stored.
 */
export async function checkRoom(app: App, req: FastifyRequest, user: UserRow, bytes: number) {
  const disk = await checkFreeDisk(app.config.dataDir, app.config.minFreeDiskMb);
  if (disk.kind === 'low') {
    req.log.warn({ freeBytes: disk.freeBytes }, 'upload refused: low disk space');
    throw insufficientStorage(m.diskFull, { reason: 'disk-full' });
  }
  const room = await app.documents.roomFor(user.id, Math.max(1, bytes), app.limits.storageQuotaBytes);
  if (room.kind !== 'ok') throw refused(room);
}

/** Stores a read upload (the PDF check and the quota, in one transaction) and logs it. */
export async function storeUpload(
  app: App,
  req: FastifyRequest,
  user: UserRow,
  input: { name: string | undefined; filename: string; bytes: Buffer },
): Promise<DocumentSummary> {
  const name = documentNameSchema.safeParse(input.name ?? '');
  if (!name.success) throw invalid(name.error.issues[0]!.message);
  if (input.bytes.length === 0) throw invalid(m.fileRequired);
  if (input.bytes.length > DOCUMENT_MAX_BYTES) throw tooLarge(m.fileTooLarge);
  let result;
  try {
    result = await app.documents.upload(
      user,
      { name: name.data, filename: cleanFilename(input.filename, name.data), bytes: input.bytes },
      app.limits.storageQuotaBytes,
    );
  } catch (err) {
    if (err instanceof PoolBusyError) throw unavailable(m.busy, 30);
    throw err;
  }
  if (result.kind !== 'ok') throw refused(result);
  await app.activity.log('document-uploaded', {
    userId: user.id,
    ip: req.ip,
    detail: `#${result.document.id} ${result.document.name}`,
  });
  return result.document;
}

/**
 * POST /api/documents/upload. Before the body is read: the hourly uploads of the user and of the
 * IP (429), the free disk (507) and whether the declared size can fit the quota (413); after it,
 * the PDF check and the quota again, in the transaction that stores the file.
 */
export function uploadRoutes(app: App) {
  // Refused before the body is read: Node reads the rest (at most 10 MB, checked before) and
  // drops it, so the browser sees the answer instead of a reset connection.
  const limit = uploadLimit(app, currentUser);

  // Multipart parsing exists only inside this scope: every other route keeps refusing it.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.post(
      '/api/documents/upload',
      {
        onRequest: [requireUser, refuseDeclaredOversize],
        preHandler: limit,
        schema: { response: { 201: documentSummary } },
      },
      async (req, reply) => {
        const declared = Number(req.headers['content-length']);
        const user = currentUser(req);
        await checkRoom(app, req, user, declared > 0 ? declared - ENVELOPE_BYTES : 1);
        const upload = await readUpload(req);
        if (upload.kind !== 'ok')
          throw upload.kind === 'too-large' ? tooLarge(m.fileTooLarge) : invalid(m.uploadMalformed);
        const document = await storeUpload(app, req, user, {
          name: upload.name,
          filename: upload.file?.filename ?? '',
          bytes: upload.file?.bytes ?? Buffer.alloc(0),
        });
        return reply.code(201).send(document);
      },
    );
  });
}
