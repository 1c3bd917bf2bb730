import { normalizeSealReference, type SealKind } from './token.ts';

export const VERIFY_PATH = '/verify-signature';

/** What a verification link itself says, plus the seal in its fragment (null when it has none). */
export interface LinkClaims {
  issuer: string;
  kind: SealKind;
  reference: string;
  /** From `name`; '' when the link has none. Document links carry no name. */
  signerName: string | null;
  /** From `timestamp` (ms); null when absent or not a date. Document links carry none. */
  signedAt: number | null;
  token: string | null;
}

/**
 * The link a sealed QR code encodes: the verification link as today (its query parameters stay,
 * so readers that know nothing of seals keep working), `:` left unescaped in the query (RFC 3986
 * allows it there; it keeps the timestamp in QR alphanumeric mode), then `#` and the seal, which
 * browsers never send to a server (decision 029).
 */
export function sealLink(link: string, token: string): string {
  const hash = link.indexOf('#');
  const bare = hash < 0 ? link : link.slice(0, hash);
  return `${bare.replace(/%3A/gi, ':')}#${token}`;
}

/** The issuer of a link: its origin and any path before /verify-signature. */
export const issuerOf = (url: URL) => `${url.origin}${url.pathname.slice(0, -VERIFY_PATH.length)}`;

/** Null when the text is not a verification link with a reference. */
export function readLink(link: string): LinkClaims | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!url.pathname.endsWith(VERIFY_PATH) || !/^https?:$/.test(url.protocol)) return null;
  const document = url.searchParams.get('document')?.trim();
  const ref = url.searchParams.get('ref')?.trim();
  const token = url.hash.length > 1 ? url.hash.slice(1) : null;
  if (document) {
    return {
      issuer: issuerOf(url),
      kind: 'document',
      reference: normalizeSealReference(document),
      signerName: null,
      signedAt: null,
      token,
    };
  }
  if (!ref) return null;
  const timestamp = url.searchParams.get('timestamp');
  const signedAt = timestamp === null ? Number.NaN : Date.parse(timestamp);
  return {
    issuer: issuerOf(url),
    kind: 'signature',
    reference: normalizeSealReference(ref),
    signerName: url.searchParams.get('name') ?? '',
    signedAt: Number.isFinite(signedAt) ? signedAt : null,
    token,
  };
}
