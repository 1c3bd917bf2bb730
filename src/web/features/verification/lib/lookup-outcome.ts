import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { PublicSignature, SignatureDocumentUse } from '#shared/signatures/schemas.ts';
import { ApiError } from '#web/lib/api.ts';
import type { LookupOutcome, LookupTarget } from '#web/features/verification/lib/lookup-types.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : null);
const date = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** Accepts only the shape the server promises; anything else is 'Invalid signature data received'. */
export function asPublicSignature(body: unknown): PublicSignature | null {
  if (!isObject(body) || typeof body.referenceNumber !== 'string' || !body.referenceNumber) return null;
  const signerName = text(body.signerName);
  const additionalData = text(body.additionalData);
  const signatureData = text(body.signatureData);
  if (signerName === null || additionalData === null || signatureData === null) return null;
  const documentUse = documentUseOf(body.documentUse);
  return {
    id: Number(body.id),
    signerName,
    createdAt: date(body.createdAt) ?? '',
    expiresAt: date(body.expiresAt),
    additionalData,
    referenceNumber: body.referenceNumber,
    signatureData,
    isRegisteredUser: body.isRegisteredUser === true,
    ...(documentUse ? { documentUse } : {}),
  };
}

function documentUseOf(v: unknown): SignatureDocumentUse | null {
  if (!isObject(v) || typeof v.documents !== 'number' || v.documents < 1) return null;
  const first = date(v.firstSignedAt);
  const last = date(v.lastSignedAt);
  return first && last ? { documents: v.documents, firstSignedAt: first, lastSignedAt: last } : null;
}

/** Answers of a proxy whose server is down or gone: the server itself said nothing. */
const NO_SERVER = new Set([502, 503, 504]);

/** The request failed with the server's own answer, not for want of one (offline, a gateway without it). */
export const isServerAnswer = (error: unknown): error is ApiError =>
  error instanceof ApiError && !NO_SERVER.has(error.status);

/** The 'Lookup by reference' answer (and that of look-ups by id), from a failed request. */
export function outcomeOfError(error: unknown, target: LookupTarget['kind']): LookupOutcome {
  if (!isServerAnswer(error)) return { kind: 'unreachable' };
  const data = isObject(error.data) ? error.data : null;
  if (error.status === 429) {
    if (!data) return { kind: 'error', message: m.lookupTooMany };
    if (data.blocked) return { kind: 'error', message: m.lookupBlocked };
    if (data.requireCaptcha) {
      const wrong = data.message === m.lookupCaptchaWrong;
      return { kind: 'captcha', message: wrong ? m.lookupCaptchaWrong : m.lookupCaptchaNeeded };
    }
    return { kind: 'error', message: m.lookupRateLimited };
  }
  if (error.status === 410 && data?.revoked) {
    return { kind: 'revoked', message: m.revoked, revokedAt: date(data.revokedAt) };
  }
  if (error.status === 410) return { kind: 'expired', message: m.expired, expiresAt: date(data?.expiresAt) };
  if (target === 'id') return { kind: 'error', message: m.verifyByIdFailed };
  if (error.status === 404) return { kind: 'error', message: m.notFound };
  if (error.status === 400) return { kind: 'error', message: m.referenceFormat };
  return { kind: 'error', message: m.lookupOtherError };
}
