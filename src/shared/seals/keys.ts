import type { SealJwk, SealKeySet } from './answers.ts';
import { fromBase64Url, fromHex, toHex, utf8, type Bytes } from './bytes.ts';

/** WebCrypto's key type, named without DOM or Node typings (this file runs in both). */
type CryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** Bytes of a key id in a seal; its hex form (16 characters) is the JWK `kid`. */
export const KID_BYTES = 8;
export const KEYS_PATH = '/.well-known/inkproof/keys.json';

// The key set's shape is its answer schema's (type-only: this file runs without zod).
export type { SealJwk, SealKeySet } from './answers.ts';

/** RFC 7638 thumbprint of a P-256 key, its first KID_BYTES as hex: the key names itself. */
export async function kidOf(jwk: { crv: string; kty: string; x: string; y: string }): Promise<string> {
  const canonical = `{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}","y":"${jwk.y}"}`;
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', utf8(canonical)));
  return toHex(digest.slice(0, KID_BYTES));
}

export const kidBytes = (kid: string): Bytes | null => {
  const b = fromHex(kid);
  return b && b.length === KID_BYTES ? b : null;
};

const isP256Jwk = (k: unknown): k is SealJwk => {
  const j = k as Partial<SealJwk> | null;
  return (
    !!j &&
    j.kty === 'EC' &&
    j.crv === 'P-256' &&
    j.alg === 'ES256' &&
    typeof j.x === 'string' &&
    typeof j.y === 'string' &&
    fromBase64Url(j.x)?.length === 32 &&
    fromBase64Url(j.y)?.length === 32 &&
    typeof j.kid === 'string' &&
    kidBytes(j.kid) !== null &&
    typeof j.nbf === 'number' &&
    (j.exp === undefined || typeof j.exp === 'number')
  );
};

/**
 * The keys of a key set, imported once for WebCrypto verification. Entries that are not ES256
 * P-256 keys whose kid is their own thumbprint are left out: a key set cannot name a key for
 * another's kid.
 */
export class KeyRing {
  private constructor(private readonly byKid: Map<string, { jwk: SealJwk; key: CryptoKey }>) {}

  /** From one or more key sets (the issuer's, a saved copy, keys a user dropped in). */
  static async from(...sets: (SealKeySet | SealJwk[] | null | undefined)[]): Promise<KeyRing> {
    const list: unknown[] = sets.flatMap((s) =>
      Array.isArray(s) ? s : Array.isArray(s?.keys) ? s.keys : [],
    );
    const byKid = new Map<string, { jwk: SealJwk; key: CryptoKey }>();
    for (const jwk of list) {
      if (!isP256Jwk(jwk) || byKid.has(jwk.kid.toLowerCase())) continue;
      if ((await kidOf(jwk)) !== jwk.kid.toLowerCase()) continue;
      try {
        const key = await globalThis.crypto.subtle.importKey(
          'jwk',
          { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, ext: true },
          { name: 'ECDSA', namedCurve: 'P-256' },
          false,
          ['verify'],
        );
        byKid.set(jwk.kid.toLowerCase(), { jwk, key });
      } catch {
        // not a point on the curve: not a key
      }
    }
    return new KeyRing(byKid);
  }

  get(kid: string) {
    return this.byKid.get(kid.toLowerCase()) ?? null;
  }

  get size() {
    return this.byKid.size;
  }
}

/** True when `signature` (raw r‖s, 64 bytes) is the key's ES256 signature of `message`. */
export async function verifyEs256(key: CryptoKey, signature: Bytes, message: Bytes): Promise<boolean> {
  if (signature.length !== 64) return false;
  try {
    return await globalThis.crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, message);
  } catch {
    return false;
  }
}
