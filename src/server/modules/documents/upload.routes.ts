import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { DOCUMENT_MAX_BYTES, documentNameSchema } from '#shared/documents/schemas.ts';
import type { App } from '#server/app-types.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { PoolBusyError } from '../pdf/pdf-pool.ts';
import type { UploadResult } from './documents.service.ts';
import { checkFreeDisk } from './storage.ts';
import { ENVELOPE_BYTES, cleanFilename, readUpload } from './upload.ts';

const HOUR_MS = 60 * 60 * 1000;

function refusal(reply: FastifyReply, r: Exclude<UploadResult, { kind: 'ok' }>) {
  switch (r.kind) {
    case 'not-pdf':
      return reply.code(415).send({ message: m.onlyPdf });
    case 'encrypted':
      return reply.code(400).send({ message: m.encrypted, reason: 'encrypted' });
    case 'damaged':
      return reply.code(400).send({ message: m.damaged, reason: 'damaged' });
    case 'empty':
      return reply.code(400).send({ message: m.noPages, reason: 'empty' });
    case 'too-complex':
      return reply.code(400).send({ message: m.tooComplex, reason: 'too-complex' });
    case 'over-quota':
      return reply.code(413).send({
        message: m.overQuota(r.usedBytes, r.quotaBytes),
        reason: 'quota',
        usedBytes: r.usedBytes,
        quotaBytes: r.quotaBytes,
      });
  }
}

/**
 * POST /api/documents/upload. Before the body is read: the hourly uploads of the user and of the
 * IP (429), the free disk (507) and whether the declared size can fit the quota (413); after it,
 * the PDF check and the quota again, in the transaction that stores the file.
 */
export function uploadRoutes(app: App) {
  // Multipart parsing exists only inside this scope: every other route keeps refusing it.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.post('/api/documents/upload', { onRequest: requireUser }, async (req, reply) => {
      const declared = Number(req.headers['content-length']);
      if (declared > DOCUMENT_MAX_BYTES + ENVELOPE_BYTES) {
        return reply.code(413).header('Connection', 'close').send({ message: m.fileTooLarge });
      }
      const user = currentUser(req);
      // Refused before the body is read: Node reads the rest (at most 10 MB, checked above) and drops
      // it, so the browser sees the answer instead of a reset connection.
      const limited = await uploadsThrottled(user.id, req.ip);
      if (limited) {
        return reply
          .code(429)
          .header('Retry-After', String(limited))
          .send({ message: m.tooManyUploads, retryAfter: limited });
      }
      const disk = await checkFreeDisk(app.config.dataDir, app.config.minFreeDiskMb);
      if (disk.kind === 'low') {
        req.log.warn({ freeBytes: disk.freeBytes }, 'upload refused: low disk space');
        return reply.code(507).send({ message: m.diskFull, reason: 'disk-full' });
      }
      const room = await app.documents.roomFor(
        user.id,
        declared > 0 ? declared - ENVELOPE_BYTES : 1,
        app.limits.storageQuotaBytes,
      );
      if (room.kind !== 'ok') return refusal(reply, room);
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
      let result;
      try {
        result = await app.documents.upload(
          user,
          {
            name: name.data,
            filename: cleanFilename(upload.file.filename, name.data),
            bytes: upload.file.bytes,
          },
          app.limits.storageQuotaBytes,
        );
      } catch (err) {
        if (err instanceof PoolBusyError)
          return reply.code(503).header('Retry-After', '30').send({ message: m.busy });
        throw err;
      }
      if (result.kind !== 'ok') return refusal(reply, result);
      await app.activity.log('document-uploaded', {
        userId: user.id,
        ip: req.ip,
        detail: `#${result.document.id} ${result.document.name}`,
      });
      return reply.code(201).send(result.document);
    });
  });

  /** Seconds to wait when the user or the IP has used up its uploads for the hour, else 0. */
  async function uploadsThrottled(userId: number, ip: string): Promise<number> {
    const [byUser, byIp] = await Promise.all([
      app.limiter.hit(`upload:user:${userId}`, HOUR_MS),
      app.limiter.hit(`upload:ip:${ip}`, HOUR_MS),
    ]);
    const over = [
      byUser.count > app.limits.uploadsPerUserPerHour ? byUser : null,
      byIp.count > app.limits.uploadsPerIpPerHour ? byIp : null,
    ].filter((s) => s !== null);
    return over.length ? Math.max(...over.map((s) => retryAfterSeconds(s, app.clock))) : 0;
  }
}
