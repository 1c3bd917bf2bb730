import crypto from 'node:crypto';
import { certificateSummary, isSelfSigned, keyDescription, type SigningIdentity } from './certificate.ts';
import { readPkcs12, type Pkcs12Contents } from './pkcs12.ts';

export type IdentityRefusal =
  | { kind: 'not-pkcs12' }
  | { kind: 'wrong-password' }
  | { kind: 'unsupported-encryption'; algorithm: string }
  | { kind: 'no-key' }
  | { kind: 'no-certificate' }
  | { kind: 'key-mismatch' }
  | { kind: 'unsupported-key'; found: string }
  | { kind: 'expired'; subject: string; date: Date }
  | { kind: 'not-yet-valid'; subject: string; date: Date };

export type IdentityResult = { kind: 'ok'; identity: SigningIdentity } | IdentityRefusal;

/** The chain is at most this deep: real ones have one to three CAs. */
const MAX_CHAIN = 8;

/**
 * The key, its certificate and the CAs that issued it, in signing order, whatever order the file
 * kept them in. Certificates outside the chain and the self-signed root stay out: a verifier
 * must already trust the root, so carrying it proves nothing.
 */
export function assembleIdentity(contents: Pkcs12Contents): IdentityResult {
  if (contents.keys.length === 0) return { kind: 'no-key' };
  if (contents.certificates.length === 0) return { kind: 'no-certificate' };
  let certs: crypto.X509Certificate[];
  try {
    certs = contents.certificates.map((der) => new crypto.X509Certificate(der));
  } catch {
    return { kind: 'not-pkcs12' };
  }
  for (const der of contents.keys) {
    let key: crypto.KeyObject;
    try {
      key = crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return { kind: 'unsupported-key', found: 'of an unknown type' };
    }
    const index = certs.findIndex((cert) => {
      try {
        return cert.checkPrivateKey(key);
      } catch {
        return false;
      }
    });
    if (index === -1) continue;
    const chain = [index];
    let current = certs[index]!;
    while (!isSelfSigned(current) && chain.length <= MAX_CHAIN) {
      const issuer = certs.findIndex(
        (c, i) => !chain.includes(i) && current.checkIssued(c) && current.verify(c.publicKey),
      );
      if (issuer === -1 || isSelfSigned(certs[issuer]!)) break;
      chain.push(issuer);
      current = certs[issuer]!;
    }
    return {
      kind: 'ok',
      identity: {
        key: key.export({ type: 'pkcs8', format: 'der' }),
        certificates: chain.map((i) => contents.certificates[i]!),
      },
    };
  }
  return { kind: 'key-mismatch' };
}

/** RSA of 2048 bits or more (PKCS#1 v1.5, what every reader verifies) or ECDSA on P-256. */
function keyAllowed(key: crypto.KeyObject) {
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') return (details.modulusLength ?? 0) >= 2048;
  return key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1';
}

/** Every certificate in the chain must be valid now, or readers call the signature invalid. */
function validityProblem(certificates: Uint8Array[], now: Date): IdentityRefusal | null {
  for (const der of certificates) {
    const { subject, notBefore, notAfter } = certificateSummary(der);
    if (notAfter < now) return { kind: 'expired', subject, date: notAfter };
    if (notBefore > now) return { kind: 'not-yet-valid', subject, date: notBefore };
  }
  return null;
}

/**
 * An admin's PKCS#12, opened and checked against the signing rules at `now`: what it will sign
 * with, or why it cannot. Without `now` (a file an earlier version stored) only taken apart.
 */
export function identityFromPkcs12(bytes: Uint8Array, password: string, now?: Date): IdentityResult {
  const contents = readPkcs12(bytes, password);
  if (contents.kind === 'unsupported')
    return { kind: 'unsupported-encryption', algorithm: contents.algorithm };
  if (contents.kind !== 'ok') return contents;
  const assembled = assembleIdentity(contents);
  if (assembled.kind !== 'ok' || !now) return assembled;
  const key = crypto.createPrivateKey({
    key: Buffer.from(assembled.identity.key),
    format: 'der',
    type: 'pkcs8',
  });
  if (!keyAllowed(key)) return { kind: 'unsupported-key', found: keyDescription(key) };
  return validityProblem(assembled.identity.certificates, now) ?? assembled;
}
