import {
  apiDocumentVerification,
  apiPublicSignature,
  documentHashBody,
  documentReferenceParams,
  signatureReferenceParams,
} from '#shared/api/verification.ts';
import { documentMessages as dm } from '#shared/documents/messages.ts';
import type { PublicSignature } from '#shared/signatures/answers.ts';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { App } from '#server/app-types.ts';
import { gone, notFound, throttled } from '#server/lib/outcomes.ts';
import { documentCheckLimit } from '../documents/documents.routes.ts';
import { gatedLookup } from '../verification/verification.routes.ts';

/**
 * Public verification through the API: the same look-ups, counted on the same per-IP limits, as
 * the verification page. Past the limit after which the page asks a CAPTCHA, an API caller (who
 * has no session to solve one in) gets 429 `lookup_captcha_required` with the wait until its
 * network's window starts over; past the hard limit, 429 `lookup_blocked`. A CAPTCHA solved on
 * the page raises the allowance of the network, and the API honours it too.
 */
export function verificationV1(api: App) {
  api.get(
    '/verify/:reference',
    {
      config: { public: true },
      schema: {
        tags: ['Verification'],
        operationId: 'verifySignature',
        summary: 'Verify a signature by reference',
        description:
          'Public, no token. What the verification page shows: the signer, when it was made, its ' +
          'reference data. 404 when no signature has that reference (or it is private and signed ' +
          'nothing), 410 `signature_revoked` / `signature_expired`. Look-ups are counted per network: ' +
          'past the limit after which the page asks a CAPTCHA, 429 `lookup_captcha_required`; past ' +
          'the hard limit, 429 `lookup_blocked`; both with `Retry-After`.',
        params: signatureReferenceParams,
        response: { 200: apiPublicSignature },
      },
    },
    async (req): Promise<PublicSignature> => {
      const found = await gatedLookup(api, { ip: req.ip, sessionId: undefined, captcha: undefined }, () =>
        api.verification.byReference(req.params.reference),
      );
      switch (found.kind) {
        case 'ok':
          return found.signature;
        case 'captcha':
          throw throttled(
            'Too many look-ups from this network: the web page would ask a CAPTCHA here; wait and try again',
            api.verification.windowResetsIn(req.ip),
            { code: 'lookup_captcha_required' },
          );
        case 'blocked':
          throw throttled(m.lookupBlocked, found.retryAfter, { code: 'lookup_blocked' });
        case 'expired':
          throw gone(m.expired, { code: 'signature_expired', expiresAt: found.expiresAt });
        case 'revoked':
          throw gone(m.revoked, { code: 'signature_revoked', revokedAt: found.revokedAt });
        case 'missing':
          throw notFound(m.notFound);
      }
    },
  );

  const checkLimit = documentCheckLimit(api);

  api.get(
    '/verify/documents/:reference',
    {
      config: { public: true },
      preHandler: checkLimit,
      schema: {
        tags: ['Verification'],
        operationId: 'verifyDocumentByReference',
        summary: 'Verify a signed document by reference',
        description:
          'Public, no token. The signed document with that reference (`DOC-YYYYMMDD-XXXXXXXX`), its ' +
          'signers and the hashes of its original and signed files; 404 for anything not signed. ' +
          'Checks are counted per network and hour (429 `rate_limited`).',
        params: documentReferenceParams,
        response: { 200: apiDocumentVerification },
      },
    },
    async (req) => {
      const found = await api.documents.byReference(req.params.reference);
      if (!found) throw notFound(dm.referenceNotFound);
      return found;
    },
  );

  api.post(
    '/verify/documents/hash',
    {
      config: { public: true },
      preHandler: checkLimit,
      schema: {
        tags: ['Verification'],
        operationId: 'verifyDocumentByHash',
        summary: 'Verify a file by its SHA-256',
        description:
          'Public, no token. Whether a file with this SHA-256 is a signed document, the original it ' +
          'was made from, or a revision of a completed signing request (`match`); 404 for anything ' +
          'else. Checks are counted per network and hour (429 `rate_limited`).',
        body: documentHashBody,
        response: { 200: apiDocumentVerification },
      },
    },
    async (req) => {
      const found = await api.documents.checkHash(req.body.sha256);
      if (!found) throw notFound(dm.hashNoMatch);
      return found;
    },
  );
}
