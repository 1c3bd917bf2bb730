import crypto from 'node:crypto';
import forge from 'node-forge';

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

/** Subject and validity of the first certificate in a PKCS#12, or null when it cannot be opened. */
export function describeIdentity(identity: SigningIdentity) {
  try {
    const asn1 = forge.asn1.fromDer(identity.p12.toString('binary'));
    const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, identity.password);
    const bags = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
    const keys =
      p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ??
      [];
    const cert = bags[0]?.cert;
    if (!cert || keys.length === 0) return null;
    return {
      subject: cert.subject.getField('CN')?.value as string | undefined,
      notBefore: cert.validity.notBefore.toISOString(),
      notAfter: cert.validity.notAfter.toISOString(),
    };
  } catch {
    return null;
  }
}
