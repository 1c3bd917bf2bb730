import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateMessages as m,
  type SigningCertificateInfo,
} from '#shared/admin/signing-certificate.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
import { describeCertificate } from '../pdf/certificate.ts';

/** Which PKCS#12 an admin uploaded (its SHA-256), so the page can tell it from the generated one. */
const UPLOAD_MARKER = 'pdf-signing-identity-upload';

interface UploadMarker {
  sha256: string;
  uploadedAt: string;
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

async function readMarker(app: App): Promise<UploadMarker | null> {
  const row = await app.db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', UPLOAD_MARKER)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as UploadMarker) : null;
}

async function writeMarker(app: App, p12: Buffer) {
  const value = JSON.stringify({ sha256: sha256(p12), uploadedAt: iso(app.clock.now()) });
  await app.db
    .insertInto('app_secrets')
    .values({ name: UPLOAD_MARKER, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/** GET and PUT /api/admin/signing-certificate: what signs PDFs now, and replacing it. */
export function signingCertificateRoutes(app: App) {
  app.get('/api/admin/signing-certificate', { onRequest: requireAdmin }, async (_req, reply) => {
    const [identity, marker] = await Promise.all([app.documents.identity.load(), readMarker(app)]);
    const described = describeCertificate(identity.p12, identity.password);
    if (!described) return reply.code(500).send({ message: m.unreadable });
    const { keyMatches: _, ...facts } = described;
    const uploaded = marker?.sha256 === sha256(identity.p12);
    const info: SigningCertificateInfo = {
      ...facts,
      expiresInDays: Math.floor((Date.parse(described.notAfter) - app.clock.now()) / 86_400_000),
      source: uploaded ? 'uploaded' : 'generated',
      uploadedAt: uploaded ? marker.uploadedAt : null,
    };
    return info;
  });

  // An admin may replace the server's self-signed certificate with their own PKCS#12 (.p12/.pfx).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SIGNING_CERTIFICATE_MAX_BYTES, files: 1, fields: 2 },
    });
    scope.put('/api/admin/signing-certificate', { onRequest: requireAdmin }, async (req, reply) => {
      let p12: Buffer | null = null;
      let password = '';
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') p12 = await part.toBuffer();
          else if (part.fieldname === 'password') password = String(part.value ?? '');
        }
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413)
          return reply.code(413).send({ message: m.fileTooLarge });
        return reply.code(400).send({ message: m.fileRequired });
      }
      if (!p12 || p12.length === 0) return reply.code(400).send({ message: m.fileRequired });
      if (describeCertificate(p12, password)?.keyMatches === false)
        return reply.code(400).send({ message: m.keyMismatch });
      const result = await app.documents.identity.replace(p12, password);
      if (result.kind !== 'ok') return reply.code(400).send({ message: m.invalid });
      await writeMarker(app, p12);
      await app.activity.log('admin-action', {
        userId: currentUser(req).id,
        ip: req.ip,
        detail: `PDF signing certificate replaced (${result.subject})`,
      });
      return { message: m.replaced, subject: result.subject };
    });
  });
}
