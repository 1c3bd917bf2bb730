import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeCertificate } from './certificate.ts';
import { createSelfSignedIdentity } from './self-signed.ts';
import { KeySigner } from './key-signer.ts';
import { identityFromPkcs12 } from './pkcs12-identity.ts';
import { readPkcs12 } from './pkcs12.ts';
import { openssl, plainPkcs12, TestPki } from '#server/test/certificates.ts';

const now = () => new Date();
const spki = (der: Uint8Array) =>
  crypto.createPublicKey(crypto.createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' }));
const samePublicKey = (key: Uint8Array, certificate: Buffer) =>
  spki(key)
    .export({ type: 'spki', format: 'der' })
    .equals(new crypto.X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' }));

describe.each(['ec', 'rsa'] as const)('a %s chain exported by openssl', (kind) => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = await new TestPki().chain(kind, `Test ${kind}`);
  }, 60_000);
  afterAll(() => pki.remove());

  // What `openssl pkcs12 -info` names each protection, so the test proves which one it read.
  const exports: [string, string[], string, string][] = [
    ['OpenSSL 3 default', [], 'secret', 'PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256'],
    [
      '3DES with SHA-1 MAC',
      ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'],
      'secret',
      'pbeWithSHA1And3-KeyTripleDES-CBC',
    ],
    [
      'AES-128, SHA-512 MAC',
      ['-keypbe', 'AES-128-CBC', '-certpbe', 'AES-128-CBC', '-macalg', 'sha512'],
      'secret',
      'AES-128-CBC',
    ],
    ['no MAC', ['-nomac'], 'secret', 'PBES2'],
    ['an empty password', [], '', 'PBES2'],
    ['no encryption', ['-keypbe', 'NONE', '-certpbe', 'NONE'], 'secret', 'PKCS7 Data'],
  ];

  test.each(exports)(
    '%s: key, signing certificate and intermediate come out, the root stays out',
    async (_, args, password, info) => {
      const p12 = await pki.p12(password, { args });
      expect(await pki.describe(p12, password)).toContain(info);
      const result = identityFromPkcs12(p12, password, now());
      if (result.kind !== 'ok') throw new Error(result.kind);
      expect(result.identity.certificates).toEqual([pki.der('leaf'), pki.der('intermediate')]);
      expect(samePublicKey(result.identity.key, pki.der('leaf'))).toBe(true);
    },
  );

  test('a legacy (RC2) export is refused by name, so the admin can re-export it', async () => {
    const p12 = await pki.p12('secret', { args: ['-legacy'] });
    expect(await pki.describe(p12, 'secret')).toContain('pbeWithSHA1And40BitRC2-CBC');
    expect(identityFromPkcs12(p12, 'secret', now())).toEqual({
      kind: 'unsupported-encryption',
      algorithm: 'RC2-40 (a legacy export)',
    });
  });

  test('a wrong password is told apart from a damaged file, whatever the protection', async () => {
    for (const args of [[], ['-legacy'], ['-nomac']]) {
      const p12 = await pki.p12('secret', { args });
      expect(readPkcs12(p12, 'Secret').kind).toBe('wrong-password');
      expect(readPkcs12(p12, '').kind).toBe('wrong-password');
    }
  });

  test('without a MAC, no wrong password is taken for the key, not even one whose padding decrypts', async () => {
    // one PBKDF2 round, so thousands of tries are quick (-nomac after -iter: -iter brings the MAC back)
    const p12 = await pki.p12('secret', { args: ['-iter', '1', '-nomac'] });
    // A wrong AES key ends in valid padding about once in 200 (before the fix, 23 of 4,000 wrong
    // passwords read as 'ok'): 1,200 tries miss it about once in a thousand runs.
    const results = new Map<string, number>();
    for (let i = 0; i < 1200; i++) {
      const kind = readPkcs12(p12, `wrong-${i}`).kind;
      results.set(kind, (results.get(kind) ?? 0) + 1);
    }
    expect(Object.fromEntries(results)).toEqual({ 'wrong-password': 1200 });
    expect(readPkcs12(p12, 'secret').kind).toBe('ok');
    // certificates encrypted too: their garbage is a wrong password as well, not a damaged file
    const both = await pki.p12('secret', { args: ['-iter', '1', '-nomac', '-certpbe', 'AES-256-CBC'] });
    for (let i = 0; i < 1200; i++) expect(readPkcs12(both, `wrong-${i}`).kind).toBe('wrong-password');
  });

  test('a file that keeps the CAs first still signs with the key’s own certificate', async () => {
    const p12 = plainPkcs12(
      [pki.keyDer('leaf')],
      [pki.der('root'), pki.der('intermediate'), pki.der('leaf')],
      'pw',
    );
    const result = identityFromPkcs12(p12, 'pw', now());
    expect(result).toMatchObject({
      kind: 'ok',
      identity: { certificates: [pki.der('leaf'), pki.der('intermediate')] },
    });
  });

  test('a key with somebody else’s certificate, a key alone and certificates alone are refused', async () => {
    const mismatch = plainPkcs12([pki.keyDer('intermediate')], [pki.der('leaf')], 'pw');
    expect(identityFromPkcs12(mismatch, 'pw', now())).toEqual({ kind: 'key-mismatch' });
    const keyOnly = await pki.p12('pw', { certs: [], args: ['-nocerts'] });
    expect(identityFromPkcs12(keyOnly, 'pw', now())).toEqual({ kind: 'no-certificate' });
    const certsOnly = await pki.p12('pw', { args: ['-nokeys'] });
    expect(identityFromPkcs12(certsOnly, 'pw', now())).toEqual({ kind: 'no-key' });
  });

  test('the signer signs in the form its key type needs, and the signature verifies', async () => {
    const result = identityFromPkcs12(await pki.p12('pw'), 'pw', now());
    if (result.kind !== 'ok') throw new Error(result.kind);
    const signer = new KeySigner(result.identity);
    expect([signer.keyType, signer.signatureAlgorithm]).toEqual(
      kind === 'ec' ? ['EC', 'ECDSA'] : ['RSA', 'RSASSA-PKCS1-v1_5'],
    );
    expect(signer.certificateChain).toEqual([pki.der('intermediate')]);
    const data = Buffer.from('signed attributes');
    const signature = await signer.sign(data, 'SHA-256');
    const leaf = new crypto.X509Certificate(pki.der('leaf'));
    // ECDSA in CMS is DER (SEQUENCE of r and s), which is node's default encoding.
    expect(crypto.verify('sha256', data, leaf.publicKey, signature)).toBe(true);
  });
});

describe('files the server cannot sign with', () => {
  let pki: TestPki;
  beforeAll(async () => {
    pki = new TestPki();
    await pki.selfSigned('rsa1024', 'rsa1024', '/CN=Short RSA');
    await pki.selfSigned('p384', 'p384', '/CN=P-384 signer');
    await pki.selfSigned('ed25519', 'ed25519', '/CN=Ed25519 signer');
    await pki.selfSigned('good', 'ec', '/CN=Good signer');
  }, 60_000);
  afterAll(() => pki.remove());

  test.each([
    ['rsa1024', 'RSA 1024'],
    ['p384', 'ECDSA P-384'],
    ['ed25519', 'Ed25519'],
  ])('a %s key is refused by name', async (name, found) => {
    const p12 = await pki.p12('pw', { key: name, certs: [name] });
    expect(identityFromPkcs12(p12, 'pw', now())).toEqual({ kind: 'unsupported-key', found });
  });

  test('garbage, a certificate, a truncated or extended file are not PKCS#12', async () => {
    const p12 = await pki.p12('pw', { key: 'good', certs: ['good'] });
    for (const bytes of [
      crypto.randomBytes(2000),
      Buffer.from('not a p12'),
      fs.readFileSync(pki.file('good.pem')),
      pki.der('good'),
      p12.subarray(0, p12.length / 2),
      Buffer.concat([p12, Buffer.from([0])]),
      Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]),
    ]) {
      expect(readPkcs12(bytes, 'pw')).toEqual({ kind: 'not-pkcs12' });
    }
  });

  test('an unknown cipher and an absurd iteration count are named, not tried', async () => {
    const camellia = await pki.p12('pw', {
      key: 'good',
      certs: ['good'],
      args: ['-keypbe', 'CAMELLIA-256-CBC', '-certpbe', 'CAMELLIA-256-CBC'],
    });
    expect(readPkcs12(camellia, 'pw')).toEqual({ kind: 'unsupported', algorithm: 'CAMELLIA-256-CBC' });
    const slow = await pki.p12('pw', { key: 'good', certs: ['good'], args: ['-iter', '250000'] });
    expect(readPkcs12(slow, 'pw')).toEqual({
      kind: 'unsupported',
      algorithm: '250000 key-derivation iterations',
    });
  });

  test('an expired certificate and one not valid yet are refused with their dates', async () => {
    const tenYears = 10 * 365.25 * 86_400_000;
    const old = await createSelfSignedIdentity('Old signer', new Date(Date.now() - tenYears - 86_400_000));
    const expired = identityFromPkcs12(plainPkcs12([old.key], old.certificates, 'pw'), 'pw', now());
    expect(expired).toEqual({
      kind: 'expired',
      subject: 'Old signer',
      date: new Date(describeCertificate(old)!.notAfter),
    });
    const future = await createSelfSignedIdentity('Future signer', new Date(Date.now() + 86_400_000));
    const early = identityFromPkcs12(plainPkcs12([future.key], future.certificates, 'pw'), 'pw', now());
    expect(early).toEqual({
      kind: 'not-yet-valid',
      subject: 'Future signer',
      date: new Date(describeCertificate(future)!.notBefore),
    });
  });
});

test('the generated certificate is RSA-2048, self-signed, for signatures only, ten years', async () => {
  const identity = await createSelfSignedIdentity('Inkproof document signing (inkproof.test)');
  const pki = new TestPki();
  try {
    fs.writeFileSync(pki.file('own.der'), identity.certificates[0]!);
    const text = await openssl(['x509', '-inform', 'DER', '-in', 'own.der', '-noout', '-text'], pki.dir);
    expect(text).toContain('Public-Key: (2048 bit)');
    expect(text).toContain('Signature Algorithm: sha256WithRSAEncryption');
    expect(text).toMatch(/Subject: CN = Inkproof document signing \(inkproof\.test\), O = Inkproof\n/);
    expect(text).toMatch(/Key Usage: critical\n\s+Digital Signature, Non Repudiation\n/);
    expect(text).toMatch(/Basic Constraints: critical\n\s+CA:FALSE\n/);
    await openssl(['x509', '-inform', 'DER', '-in', 'own.der', '-out', 'own.pem'], pki.dir);
    expect(await openssl(['verify', '-CAfile', 'own.pem', 'own.pem'], pki.dir)).toContain('own.pem: OK');
    const facts = describeCertificate(identity)!;
    expect(facts).toMatchObject({ selfSigned: true, keyAlgorithm: 'RSA 2048', chain: [] });
    const years = (Date.parse(facts.notAfter) - Date.parse(facts.notBefore)) / (365.25 * 86_400_000);
    expect(years).toBeCloseTo(10, 2);
    expect(samePublicKey(identity.key, Buffer.from(identity.certificates[0]!))).toBe(true);
  } finally {
    pki.remove();
  }
});
