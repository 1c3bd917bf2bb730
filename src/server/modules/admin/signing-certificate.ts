import multipart from '@fastify/multipart';
import {
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateMessages as m,
  type SigningCertificateInfo,
} from '#shared/admin/signing-certificate.ts';
import type { App } from '#server/app-types.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
import { describeCertificate } from '../pdf/certificate.ts';
import type { IdentityRefusal } from '../pdf/pkcs12-identity.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Why an uploaded PKCS#12 cannot sign, in the admin's words. */
function refusalMessage(r: IdentityRefusal): string {
  switch (r.kind) {
    case 'not-pkcs12':
      return m.notPkcs12;
    case 'wrong-password':
      return m.wrongPassword;
    case 'unsupported-encryption':
      return m.unsupportedEncryption(r.algorithm);
    case 'no-key':
      return m.noKey;
    case 'no-certificate':
      return m.noCertificate;
    case 'key-mismatch':
      return m.keyMismatch;
    case 'unsupported-key':
      return m.unsupportedKey(r.found);
    case 'expired':
      return m.expired(r.subject, day(r.date));
    case 'not-yet-valid':
      return m.notYetValid(r.subject, day(r.date));
  }
}

/** GET and PUT /api/admin/signing-certificate: what signs PDFs now, and replacing it. */
export function signingCertificateRoutes(app: App) {
  app.get('/api/admin/signing-certificate', { onRequest: requireAdmin }, async (_req, reply) => {
    const identity = await app.documents.identity.load();
    const facts = describeCertificate(identity);
    if (!facts) return reply.code(500).send({ message: m.unreadable });
    const info: SigningCertificateInfo = {
      ...facts,
      expiresInDays: Math.floor((Date.parse(facts.notAfter) - app.clock.now()) / 86_400_000),
      source: identity.uploadedAt ? 'uploaded' : 'generated',
      uploadedAt: identity.uploadedAt,
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
      const result = await app.documents.identity.replaceWithPkcs12(p12, password, app.clock.now());
      if (result.kind === 'busy')
        return reply.code(503).header('Retry-After', '30').send({ message: m.busy });
      if (result.kind !== 'ok') return reply.code(400).send({ message: refusalMessage(result) });
      await app.activity.log('admin-action', {
        userId: currentUser(req).id,
        ip: req.ip,
        detail: `PDF signing certificate replaced (${result.subject})`,
      });
      return { message: m.replaced, subject: result.subject };
    });
  });
}
