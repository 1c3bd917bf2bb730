import crypto from 'node:crypto';
import type { SigningCertificateInfo } from '#shared/admin/signing-certificate.ts';

/** What the server signs PDFs with. Plain bytes, so it crosses worker_threads unchanged. */
export interface SigningIdentity {
  /** The private key, PKCS#8 DER. */
  key: Uint8Array;
  /** DER: the signing certificate first, then its issuing CAs up to, not including, the root. */
  certificates: Uint8Array[];
}

/**
 * The common name, or the whole name when it has none, from node's multi-line form of a name
 * ("CN=Jane\nO=Example", RFC 2253 escapes, multi-valued RDNs joined with " + ").
 */
function displayName(name: string): string {
  const parts = name
    .split('\n')
    .flatMap((rdn) => rdn.split(/ \+ (?=[\w.]+=)/))
    .map((part) => {
      const at = part.indexOf('=');
      return { type: part.slice(0, at), value: part.slice(at + 1).replace(/\\(.)/g, '$1') };
    });
  const cn = parts.find((p) => p.type === 'CN')?.value;
  if (cn) return cn;
  return parts.map((p) => `${p.type}=${p.value}`).join(', ');
}

/** 'RSA 2048', 'ECDSA P-256', 'Ed25519'…: what an admin recognises, and what we refuse by. */
export function keyDescription(key: crypto.KeyObject): string {
  const details = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return `RSA ${details.modulusLength ?? '?'}`;
    case 'rsa-pss':
      return `RSA-PSS ${details.modulusLength ?? '?'}`;
    case 'ec': {
      const curves: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };
      return `ECDSA ${curves[details.namedCurve ?? ''] ?? details.namedCurve ?? '?'}`;
    }
    case 'ed25519':
      return 'Ed25519';
    default:
      return (key.asymmetricKeyType ?? 'unknown').toUpperCase();
  }
}

/** Names itself as issuer and carries its own signature (checkIssued would also want keyCertSign). */
export const isSelfSigned = (cert: crypto.X509Certificate) =>
  cert.issuer === cert.subject && cert.verify(cert.publicKey);

export type CertificateFacts = Omit<SigningCertificateInfo, 'expiresInDays' | 'source' | 'uploadedAt'>;

/** Subject (display form) and validity of a DER certificate. */
export function certificateSummary(der: Uint8Array) {
  const x509 = new crypto.X509Certificate(der);
  return {
    subject: displayName(x509.subject),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
  };
}

/**
 * The signing certificate in the admin's terms; null when its bytes do not parse. node:crypto
 * only: pkijs costs most of a second to load, and this runs on the admin pages.
 */
export function describeCertificate(identity: SigningIdentity): CertificateFacts | null {
  const [first, ...chain] = identity.certificates;
  if (!first) return null;
  try {
    const x509 = new crypto.X509Certificate(first);
    const { subject, notBefore, notAfter } = certificateSummary(first);
    return {
      subject,
      issuer: displayName(x509.issuer),
      serialNumber: x509.serialNumber.replace(/^0+(?=.)/, '').toUpperCase(),
      notBefore: notBefore.toISOString(),
      notAfter: notAfter.toISOString(),
      selfSigned: isSelfSigned(x509),
      fingerprint: x509.fingerprint256,
      keyAlgorithm: keyDescription(x509.publicKey),
      chain: chain.map((der) => certificateSummary(der).subject),
    };
  } catch {
    return null;
  }
}
