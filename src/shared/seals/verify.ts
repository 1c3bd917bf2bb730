import { toHex } from './bytes.ts';
import { verifyEs256, type KeyRing, type SealJwk } from './keys.ts';
import { readLink, type LinkClaims } from './link.ts';
import { sealFailureMessages } from './messages.ts';
import { DAY_MS, decodeSealToken, sealMessage, type SealClaims, type SealKind } from './token.ts';

export type SealFailureReason =
  | 'no-seal'
  | 'not-a-link'
  | 'malformed'
  | 'truncated'
  | 'unsupported'
  | 'altered'
  | 'wrong-kind'
  | 'unknown-key'
  | 'expired-key'
  | 'bad-signature';

export type SealVerification =
  | {
      status: 'proven';
      claims: SealClaims;
      key: SealJwk;
      /** The item's own expiry (not the key's) has passed: proven, but no longer valid. */
      expired: boolean;
    }
  | { status: 'not-proven'; reason: SealFailureReason; message: string; kid?: string };

export interface VerifyOptions {
  /** The kind the page shows: a seal of the other kind is refused as 'wrong-kind'. */
  expect?: SealKind;
  now?: number;
}

const fail = (reason: SealFailureReason, kid?: string): SealVerification => ({
  status: 'not-proven',
  reason,
  message: sealFailureMessages[reason],
  ...(kid ? { kid } : {}),
});

/**
 * Checks the seal in a verification link against known keys, offline (WebCrypto only). Every
 * outcome is a result naming its reason; nothing here throws on any input.
 */
export async function verifySealedLink(
  link: string,
  keys: KeyRing,
  opts: VerifyOptions = {},
): Promise<SealVerification> {
  let claims: LinkClaims | null;
  try {
    claims = readLink(link);
  } catch {
    claims = null;
  }
  if (!claims) return fail('not-a-link');
  return verifySeal(claims, keys, opts);
}

/** As verifySealedLink, from a link already read. */
export async function verifySeal(
  link: LinkClaims,
  keys: KeyRing,
  opts: VerifyOptions = {},
): Promise<SealVerification> {
  if (!link.token) return fail('no-seal');
  const decoded = decodeSealToken(link.token);
  if (!decoded.ok) return fail(decoded.reason);
  const seal = decoded.seal;
  if (seal.kind !== link.kind || (opts.expect && seal.kind !== opts.expect))
    return fail('wrong-kind', seal.kid);

  const signedAt = seal.kind === 'document' ? seal.signedAt : link.signedAt;
  const signerName = seal.kind === 'document' ? seal.signerName : link.signerName;
  if (signedAt === null || signerName === null) return fail('altered', seal.kid);

  const found = keys.get(seal.kid);
  if (!found) return fail('unknown-key', seal.kid);
  const message = sealMessage(seal.body, {
    issuer: link.issuer,
    reference: link.reference,
    signerName,
    signedAt,
  });
  if (!(await verifyEs256(found.key, seal.signature, message))) return fail('bad-signature', seal.kid);
  if (found.jwk.exp !== undefined && signedAt > found.jwk.exp * 1000) return fail('expired-key', seal.kid);

  const expiresAt = seal.expiryDays === null ? null : signedAt + seal.expiryDays * DAY_MS;
  return {
    status: 'proven',
    claims: {
      issuer: link.issuer,
      kid: seal.kid,
      kind: seal.kind,
      reference: link.reference,
      signerName: signerName.normalize('NFC'),
      signedAt,
      expiresAt,
      subjectHash: toHex(seal.subject),
      logIndex: seal.logIndex,
    },
    key: found.jwk,
    expired: expiresAt !== null && (opts.now ?? Date.now()) >= expiresAt,
  };
}

/** True when a full SHA-256 (hex) is the subject a proven seal names (it carries a prefix). */
export const subjectMatches = (claims: Pick<SealClaims, 'subjectHash'>, fullHex: string) =>
  claims.subjectHash.length > 0 && fullHex.toLowerCase().startsWith(claims.subjectHash.toLowerCase());
