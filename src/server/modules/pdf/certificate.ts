import crypto from 'node:crypto';
import type Forge from 'node-forge';
import { lazyRequire } from '#server/lib/lazy-require.ts';

const loadForge = lazyRequire<typeof Forge>('node-forge');
import type { SigningCertificateInfo } from '#shared/admin/signing-certificate.ts';

export interface SigningIdentity {
  /** PKCS#12 (.p12) bytes holding the key and its certificate chain. */
  p12: Buffer;
  password: string;
}

/**
 * A self-signed RSA-2048 certificate for signing PDFs, valid ten years. Node makes the key (fast,
 * native); forge writes the certificate and the PKCS#12 (3DES, which @libpdf/core's P12Signer reads).
 */
export function createSelfSignedIdentity(commonName: string, now = new Date()): SigningIdentity {
  const forge = loadForge();
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: the high bit of the first byte clear.
  cert.serialNumber = `0${crypto.randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365.25 * 24 * 3600 * 1000);
  const subject = [
    { name: 'commonName', value: commonName.slice(0, 64) },
    { name: 'organizationName', value: 'Inkproof' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const password = crypto.randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, {
    algorithm: '3des',
    friendlyName: 'inkproof',
  });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password };
}

export type CertificateFacts = Omit<SigningCertificateInfo, 'expiresInDays' | 'source' | 'uploadedAt'> & {
  /** Whether the first certificate belongs to the key (a file exported CA-first signs invalidly). */
  keyMatches: boolean;
};

function distinguishedName(name: Forge.pki.Certificate['subject']): string {
  const cn = name.getField('CN')?.value as string | undefined;
  if (cn) return cn;
  return name.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', ');
}

/** The last file described: admin pages ask about the same identity on every load (3DES is slow). */
let last: { p12: Buffer; password: string; facts: CertificateFacts | null } | null = null;

/**
 * The certificate a PKCS#12 signs with (the PDF signer takes the file's first one), or null when
 * forge cannot open the file with this password or it holds no certificate and key.
 */
export function describeCertificate(p12Bytes: Buffer, password: string): CertificateFacts | null {
  if (last && last.password === password && last.p12.equals(p12Bytes)) return last.facts;
  const facts = readCertificate(p12Bytes, password);
  last = { p12: Buffer.from(p12Bytes), password, facts };
  return facts;
}

function readCertificate(p12Bytes: Buffer, password: string): CertificateFacts | null {
  const forge = loadForge();
  try {
    const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12Bytes.toString('binary')), password);
    const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
    const cert = bags(forge.pki.oids.certBag!).find((b) => b.cert)?.cert;
    const key = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bags(forge.pki.oids.keyBag!)][0]?.key as
      Forge.pki.rsa.PrivateKey | undefined;
    if (!cert || !key) return null;
    const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
    let selfSigned = false;
    try {
      selfSigned = cert.verify(cert);
    } catch {
      // verify throws when the issuer is someone else
    }
    const fingerprint = crypto.createHash('sha256').update(der).digest('hex');
    return {
      subject: distinguishedName(cert.subject),
      issuer: distinguishedName(cert.issuer),
      serialNumber: cert.serialNumber.replace(/^0+(?=.)/, '').toUpperCase(),
      notBefore: cert.validity.notBefore.toISOString(),
      notAfter: cert.validity.notAfter.toISOString(),
      selfSigned,
      fingerprint: (fingerprint.match(/../g) ?? []).join(':').toUpperCase(),
      keyMatches: Boolean((cert.publicKey as Forge.pki.rsa.PublicKey).n?.equals(key.n)),
    };
  } catch {
    return null;
  }
}
