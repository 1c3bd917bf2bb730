import multipart from '@fastify/multipart';
import { messageAnswer } from '#shared/answers.ts';
import {
  certificateReplaced,
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateInfo,
  signingCertificateMessages as m,
} from '#shared/admin/signing-certificate.ts';
import type { App } from '#server/app-types.ts';
import { invalid, tooLarge, unavailable } from '#server/lib/outcomes.ts';
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
  app.get(
    '/api/admin/signing-certificate',
    {
      onRequest: requireAdmin,
      // 500: the stored certificate is ours and broken; the admin is told so in words, as the
      // page's only way to say why nothing is shown.
      schema: { response: { 200: signingCertificateInfo, 500: messageAnswer } },
    },
    async (_req, reply) => {
      const identity = await app.documents.identity.load();
      const facts = describeCertificate(identity);
      if (!facts) return reply.code(500).send({ message: m.unreadable });
      return {
        ...facts,
        expiresInDays: Math.floor((Date.parse(facts.notAfter) - app.clock.now()) / 86_400_000),
        source: identity.uploadedAt ? ('uploaded' as const) : ('generated' as const),
        uploadedAt: identity.uploadedAt,
      };
    },
  );

  // An admin may replace the server's self-signed certificate with their own PKCS#12 (.p12/.pfx).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SIGNING_CERTIFICATE_MAX_BYTES, files: 1, fields: 2 },
    });
    scope.put(
      '/api/admin/signing-certificate',
      { onRequest: requireAdmin, schema: { response: { 200: certificateReplaced } } },
      async (req) => {
        let p12: Buffer | null = null;
        let password = '';
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') p12 = await part.toBuffer();
            else if (part.fieldname === 'password') password = String(part.value ?? '');
          }
        } catch (err) {
          if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge(m.fileTooLarge);
          throw invalid(m.fileRequired);
        }
        if (!p12 || p12.length === 0) throw invalid(m.fileRequired);
        const result = await app.documents.identity.replaceWithPkcs12(p12, password, app.clock.now());
        if (result.kind === 'busy') throw unavailable(m.busy, 30);
        if (result.kind !== 'ok') throw invalid(refusalMessage(result));
        await app.activity.log('admin-action', {
          userId: currentUser(req).id,
          ip: req.ip,
          detail: `PDF signing certificate replaced (${result.subject})`,
        });
        return { message: m.replaced, subject: result.subject };
      },
    );
  });
}
