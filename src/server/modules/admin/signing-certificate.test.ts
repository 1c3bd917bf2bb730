import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateMessages as m,
  type SigningCertificateInfo,
} from '#shared/admin/signing-certificate.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { getBytes, multipartBody, quadrantPng, upload } from '#server/test/documents.ts';
import { createSelfSignedIdentity } from '../pdf/self-signed.ts';
import { plainPkcs12, TestPki } from '#server/test/certificates.ts';
import { simplePdf } from '#server/test/pdfs.ts';

const run = promisify(execFile);

let ctx: TestContext;
let admin: Agent;
let user: Agent;
let ecdsa: TestPki;
let rsa: TestPki;
let other: TestPki;
beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('cert-admin@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  await admin.login('cert-admin@example.com', 'Adm1n!Password');
  user = new Agent(ctx.app);
  user.ip = '192.0.2.30';
  await user.register('cert-user@example.com', 'Str0ng!Pass', { name: 'Cert User' });
  [ecdsa, rsa, other] = await Promise.all([
    new TestPki().chain('ec', 'ECDSA Test'),
    new TestPki().chain('rsa', 'RSA Test'),
    (async () => {
      const pki = new TestPki();
      await pki.selfSigned('short', 'rsa1024', '/CN=Short Key Signer');
      await pki.selfSigned('p384', 'p384', '/CN=P-384 Signer');
      return pki;
    })(),
  ]);
}, 120_000);
afterAll(async () => {
  for (const pki of [ecdsa, rsa, other]) pki?.remove();
  await ctx.close();
});

async function putCertificate(agent: Agent, p12: Buffer | null, password: string) {
  const { body, contentType } = multipartBody(
    { password },
    p12 ? { filename: 'signer.p12', bytes: p12, type: 'application/x-pkcs12' } : undefined,
  );
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/signing-certificate',
    headers: {
      'content-type': contentType,
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': agent.csrf ?? '',
    },
    payload: body,
  });
  return { status: res.statusCode, message: res.json<{ message: string }>().message, body: res.json() };
}

const certificateInfo = async () => {
  const res = await admin.get('/api/admin/signing-certificate');
  expect(res.statusCode).toBe(200);
  return res.json<SigningCertificateInfo>();
};

/** A user signs a one-page PDF through the API; the signed file as downloaded. */
async function signedPdf() {
  const sig = await user.post('/api/signatures', {
    signatureData: await quadrantPng(),
    signerName: 'Cert User',
    isDefault: false,
  });
  expect(sig.statusCode).toBe(201);
  const doc = await upload(
    ctx.app,
    user,
    { name: 'Chain test' },
    { filename: 'c.pdf', bytes: await simplePdf(1) },
  );
  expect(doc.statusCode).toBe(201);
  const id = doc.json().id as number;
  const signing = await user.post(`/api/documents/${id}/sign`, {
    signatures: [
      { signatureId: sig.json().id, position: { page: 1, x: 100, y: 100, width: 200, height: 100 } },
    ],
  });
  expect(signing.statusCode).toBe(200);
  return (await getBytes(ctx.app, user, `/api/documents/${id}/download`)).bytes;
}

/**
 * What the outside tools say of a signed PDF: pdfsig's report, qpdf's check, the certificates in
 * the CMS (`openssl pkcs7 -print_certs`), and whether `openssl cms -verify` builds a chain from the
 * signer to `root` with only what the signature carries.
 */
async function inspectSigned(pdf: Buffer, root: string) {
  const dir = fs.mkdtempSync(path.join(path.dirname(root), 'signed-'));
  const file = path.join(dir, 'signed.pdf');
  fs.writeFileSync(file, pdf);
  const pdfsig = (await run('pdfsig', [file]).catch((e: { stdout: string }) => e)).stdout;
  const qpdf = (await run('qpdf', ['--check', file])).stdout;
  await run('pdfsig', ['-dump', file], { cwd: dir });
  const sig = fs.readdirSync(dir).find((f) => f.endsWith('.sig0'))!;
  const certs = (await run('openssl', ['pkcs7', '-inform', 'DER', '-in', sig, '-print_certs'], { cwd: dir }))
    .stdout;
  const [a, b, c, d] = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/
    .exec(pdf.toString('latin1'))!
    .slice(1)
    .map(Number);
  fs.writeFileSync(
    path.join(dir, 'content'),
    Buffer.concat([pdf.subarray(a!, a! + b!), pdf.subarray(c!, c! + d!)]),
  );
  const verify = await run(
    'openssl',
    [
      'cms',
      '-verify',
      '-inform',
      'DER',
      '-in',
      sig,
      '-content',
      'content',
      '-binary',
      '-CAfile',
      root,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: dir },
  ).catch((e: { stderr: string }) => ({ stderr: e.stderr }));
  const subjects = [...certs.matchAll(/^subject=.*CN = ([^,\n]+)/gm)].map((x) => x[1]);
  return { pdfsig, qpdf, subjects, verified: verify.stderr.includes('Verification successful') };
}

test('the certificate the server generated is described to admins only', async () => {
  expect((await user.get('/api/admin/signing-certificate')).statusCode).toBe(403);
  const info = await certificateInfo();
  expect(info).toMatchObject({
    source: 'generated',
    selfSigned: true,
    uploadedAt: null,
    keyAlgorithm: 'RSA 2048',
    chain: [],
  });
  expect(info.subject).toMatch(/^Inkproof document signing/);
  expect(info.issuer).toBe(info.subject);
  expect(info.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  expect(info.expiresInDays).toBeGreaterThan(3000);
});

describe('files that cannot sign are refused with the reason, and the certificate stays', () => {
  const tenYears = 10 * 365.25 * 86_400_000;
  const cases: [string, () => Promise<[Buffer | null, string]>, number, string][] = [
    ['no file', async () => [null, 'x'], 400, m.fileRequired],
    [
      'a file over the size limit',
      async () => [crypto.randomBytes(SIGNING_CERTIFICATE_MAX_BYTES + 1), 'x'],
      413,
      m.fileTooLarge,
    ],
    ['garbage', async () => [crypto.randomBytes(3000), 'x'], 400, m.notPkcs12],
    ['a PEM certificate', async () => [fs.readFileSync(ecdsa.file('leaf.pem')), 'x'], 400, m.notPkcs12],
    ['a truncated file', async () => [(await ecdsa.p12('pw')).subarray(0, 900), 'pw'], 400, m.notPkcs12],
    ['the wrong password', async () => [await ecdsa.p12('right'), 'wrong'], 400, m.wrongPassword],
    [
      'the wrong password, legacy file',
      async () => [await rsa.p12('right', { args: ['-legacy'] }), 'wrong'],
      400,
      m.wrongPassword,
    ],
    [
      'a legacy (RC2) export',
      async () => [await rsa.p12('pw', { args: ['-legacy'] }), 'pw'],
      400,
      m.unsupportedEncryption('RC2-40 (a legacy export)'),
    ],
    [
      'an unsupported cipher',
      async () => [
        await ecdsa.p12('pw', { args: ['-keypbe', 'CAMELLIA-256-CBC', '-certpbe', 'CAMELLIA-256-CBC'] }),
        'pw',
      ],
      400,
      m.unsupportedEncryption('CAMELLIA-256-CBC'),
    ],
    ['no key', async () => [await ecdsa.p12('pw', { args: ['-nokeys'] }), 'pw'], 400, m.noKey],
    [
      'no certificate',
      async () => [await ecdsa.p12('pw', { certs: [], args: ['-nocerts'] }), 'pw'],
      400,
      m.noCertificate,
    ],
    [
      'a key with another certificate',
      async () => [
        plainPkcs12([rsa.keyDer('leaf')], [ecdsa.der('leaf'), ecdsa.der('intermediate')], 'pw'),
        'pw',
      ],
      400,
      m.keyMismatch,
    ],
    [
      'an RSA-1024 key',
      async () => [await other.p12('pw', { key: 'short', certs: ['short'] }), 'pw'],
      400,
      m.unsupportedKey('RSA 1024'),
    ],
    [
      'an ECDSA P-384 key',
      async () => [await other.p12('pw', { key: 'p384', certs: ['p384'] }), 'pw'],
      400,
      m.unsupportedKey('ECDSA P-384'),
    ],
  ];

  test.each(cases)('%s', async (_, make, status, message) => {
    const before = await certificateInfo();
    const [p12, password] = await make();
    const res = await putCertificate(admin, p12, password);
    expect(res.status).toBe(status);
    expect(res.message).toBe(message);
    expect((await certificateInfo()).fingerprint).toBe(before.fingerprint);
  });

  test('an expired certificate names its end date, one not valid yet its start date', async () => {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const ended = Date.now() - 5 * 86_400_000;
    const old = await createSelfSignedIdentity('Retired Signer', new Date(ended - tenYears));
    const expired = await putCertificate(admin, plainPkcs12([old.key], old.certificates, 'pw'), 'pw');
    expect([expired.status, expired.message]).toEqual([400, m.expired('Retired Signer', day(ended))]);
    // The generated certificate starts a minute before the time it is made for.
    const starts = Date.now() + 2 * 86_400_000;
    const soon = await createSelfSignedIdentity('Future Signer', new Date(starts + 60_000));
    const early = await putCertificate(admin, plainPkcs12([soon.key], soon.certificates, 'pw'), 'pw');
    expect([early.status, early.message]).toEqual([400, m.notYetValid('Future Signer', day(starts))]);
  });

  test('only an admin may upload', async () => {
    expect((await putCertificate(user, await ecdsa.p12('pw'), 'pw')).status).toBe(403);
  });
});

describe.each([
  ['ECDSA P-256', () => ecdsa, [] as string[], 'ECDSA Test'],
  [
    'RSA 2048',
    () => rsa,
    ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'],
    'RSA Test',
  ],
])('an uploaded %s certificate with an intermediate CA', (keyAlgorithm, pki, args, label) => {
  test('signs PDFs that carry the signer and the intermediate, enough to reach the root', async () => {
    const uploaded = await putCertificate(admin, await pki().p12('Corp-p12!', { args }), 'Corp-p12!');
    expect(uploaded).toMatchObject({
      status: 200,
      message: m.replaced,
      body: { subject: `${label} Signer` },
    });
    const info = await certificateInfo();
    expect(info).toMatchObject({
      subject: `${label} Signer`,
      issuer: `${label} Intermediate CA`,
      selfSigned: false,
      keyAlgorithm,
      chain: [`${label} Intermediate CA`],
      source: 'uploaded',
    });
    expect(Date.parse(info.uploadedAt!)).not.toBeNaN();
    expect(info.fingerprint).toBe(new crypto.X509Certificate(pki().der('leaf')).fingerprint256);
    const diagnostics = (await admin.get('/api/admin/diagnostics')).json();
    expect(diagnostics.certificate.subject).toBe(`${label} Signer`);

    const signed = await inspectSigned(await signedPdf(), pki().file('root.pem'));
    expect(signed.pdfsig).toContain('Signature is Valid');
    expect(signed.pdfsig).toContain('Total document signed');
    expect(signed.pdfsig).toContain(`Signer Certificate Common Name: ${label} Signer`);
    expect(signed.qpdf).toContain('No syntax or stream encoding errors');
    expect(signed.subjects).toEqual([`${label} Signer`, `${label} Intermediate CA`]);
    expect(signed.verified).toBe(true);
  });
});

test('a certificate stored by an earlier version (a PKCS#12) keeps signing and its upload date', async () => {
  const p12 = await rsa.p12('old-pass', {
    args: ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'],
  });
  const legacy = { p12: p12.toString('base64'), password: 'old-pass', subject: 'RSA Test Signer' };
  const marker = {
    sha256: crypto.createHash('sha256').update(p12).digest('hex'),
    uploadedAt: '2026-01-02T03:04:05.000Z',
  };
  await ctx.app.db
    .updateTable('app_secrets')
    .set({ value: JSON.stringify(legacy) })
    .where('name', '=', 'pdf-signing-identity')
    .execute();
  await ctx.app.db
    .insertInto('app_secrets')
    .values({ name: 'pdf-signing-identity-upload', value: JSON.stringify(marker) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(marker) }))
    .execute();

  expect(await certificateInfo()).toMatchObject({
    subject: 'RSA Test Signer',
    source: 'uploaded',
    uploadedAt: marker.uploadedAt,
    chain: ['RSA Test Intermediate CA'],
  });
  const row = await ctx.app.db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'pdf-signing-identity')
    .executeTakeFirstOrThrow();
  expect(Object.keys(JSON.parse(row.value)).sort()).toEqual(['certificates', 'key', 'subject', 'uploadedAt']);
  const signed = await inspectSigned(await signedPdf(), rsa.file('root.pem'));
  expect(signed.pdfsig).toContain('Signature is Valid');
  expect(signed.verified).toBe(true);
});
