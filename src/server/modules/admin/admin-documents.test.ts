import crypto from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  SIGNING_CERTIFICATE_MAX_BYTES,
  signingCertificateMessages as cm,
  type SigningCertificateInfo,
} from '#shared/admin/signing-certificate.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { multipartBody, upload } from '../documents/test-helpers.ts';
import { createSelfSignedIdentity } from '../pdf/certificate.ts';
import { simplePdf } from '../pdf/test-pdfs.ts';

let ctx: TestContext;
let admin: Agent;
let user: Agent;
beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('docs-admin@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  await admin.login('docs-admin@example.com', 'Adm1n!Password');
  user = new Agent(ctx.app);
  user.ip = '192.0.2.20';
  await user.register('docs-user@example.com');
});
afterAll(() => ctx.close());

async function putCertificate(agent: Agent, p12: Buffer, password: string) {
  const { body, contentType } = multipartBody(
    { password },
    { filename: 'server.p12', bytes: p12, type: 'application/x-pkcs12' },
  );
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/signing-certificate',
    headers: {
      'content-type': contentType,
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': agent.csrf ?? '',
    },
    payload: body,
  });
}

test('uploads show in the dashboard counts and the report series', async () => {
  const res = await upload(
    ctx.app,
    user,
    { name: 'Lease' },
    { filename: 'lease.pdf', bytes: await simplePdf(2) },
  );
  expect(res.statusCode).toBe(201);
  const dash = (await admin.get('/api/admin/dashboard')).json();
  expect(dash.documents).toEqual({ total: 1, signed: 0, shared: 0, pending: 1 });
  const report = (await admin.get('/api/admin/reports')).json();
  expect(report.series.documentsUploaded.at(-1)).toBe(1);
  expect(report.series.documentsSigned.at(-1)).toBe(0);
  expect((await user.get('/api/admin/documents/summary')).statusCode).toBe(403);
});

test('diagnostics name the PDF signing certificate and when it expires', async () => {
  const d = (await admin.get('/api/admin/diagnostics')).json();
  expect(d.certificate).toMatchObject({ subject: expect.any(String), notAfter: expect.any(String) });
  expect(d.certificate.expiresInDays).toBeGreaterThan(300);
});

/** A PKCS#12 holding a leaf certificate issued by a CA, with the CA's certificate in `order`. */
function caIssuedP12(order: 'leaf-first' | 'ca-first', password: string) {
  const keys = () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      key: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
      pub: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    };
  };
  const make = (cn: string, issuer: string, pub: forge.pki.PublicKey, signer: forge.pki.rsa.PrivateKey) => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = pub;
    cert.serialNumber = `0${crypto.randomBytes(8).toString('hex')}`;
    cert.validity.notBefore = new Date(Date.now() - 60_000);
    cert.validity.notAfter = new Date(Date.now() + 400 * 86_400_000);
    cert.setSubject([{ name: 'commonName', value: cn }]);
    cert.setIssuer([{ name: 'commonName', value: issuer }]);
    cert.sign(signer, forge.md.sha256.create());
    return cert;
  };
  const ca = keys();
  const leaf = keys();
  const caCert = make('Example Root CA', 'Example Root CA', ca.pub, ca.key);
  const leafCert = make('Example Leaf Signer', 'Example Root CA', leaf.pub, ca.key);
  const chain = order === 'leaf-first' ? [leafCert, caCert] : [caCert, leafCert];
  const asn1 = forge.pkcs12.toPkcs12Asn1(leaf.key, chain, password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

const certificateInfo = async (agent: Agent) => {
  const res = await agent.get('/api/admin/signing-certificate');
  return { status: res.statusCode, info: res.json<SigningCertificateInfo & { message?: string }>() };
};

test('the certificate the server generated is described to admins only', async () => {
  expect((await user.get('/api/admin/signing-certificate')).statusCode).toBe(403);
  const { status, info } = await certificateInfo(admin);
  expect(status).toBe(200);
  expect(info).toMatchObject({ source: 'generated', selfSigned: true, uploadedAt: null });
  expect(info.subject).toMatch(/^Inkproof document signing/);
  expect(info.issuer).toBe(info.subject);
  expect(info.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  expect(info.expiresInDays).toBeGreaterThan(3000);
});

test('a certificate file over the size limit is refused with 413', async () => {
  const res = await putCertificate(admin, crypto.randomBytes(SIGNING_CERTIFICATE_MAX_BYTES + 1), 'x');
  expect(res.statusCode).toBe(413);
  expect(res.json().message).toBe(cm.fileTooLarge);
  expect((await certificateInfo(admin)).info.source).toBe('generated');
});

test("a PKCS#12 whose first certificate is not its key's is refused", async () => {
  const res = await putCertificate(admin, caIssuedP12('ca-first', 'chain-pass'), 'chain-pass');
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toBe(cm.keyMismatch);
  expect((await certificateInfo(admin)).info.source).toBe('generated');
});

test('an admin can replace the signing certificate with a PKCS#12; bad files are refused', async () => {
  const own = createSelfSignedIdentity('Example Corp Signing');
  expect((await putCertificate(user, own.p12, own.password)).statusCode).toBe(403);
  const wrong = await putCertificate(admin, own.p12, 'not-the-password');
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().message).toBe(cm.invalid);
  const junk = await putCertificate(admin, Buffer.from('not a p12'), 'x');
  expect(junk.statusCode).toBe(400);
  const ok = await putCertificate(admin, own.p12, own.password);
  expect(ok.statusCode).toBe(200);
  expect(ok.json().subject).toBe('Example Corp Signing');
  expect((await admin.get('/api/admin/diagnostics')).json().certificate.subject).toBe('Example Corp Signing');
  const { info } = await certificateInfo(admin);
  expect(info).toMatchObject({ subject: 'Example Corp Signing', source: 'uploaded', selfSigned: true });
  expect(Date.parse(info.uploadedAt!)).not.toBeNaN();
});

test('a CA-issued certificate shows its issuer and is not self-signed', async () => {
  const ok = await putCertificate(admin, caIssuedP12('leaf-first', 'chain-pass'), 'chain-pass');
  expect(ok.statusCode).toBe(200);
  const { info } = await certificateInfo(admin);
  expect(info).toMatchObject({
    subject: 'Example Leaf Signer',
    issuer: 'Example Root CA',
    selfSigned: false,
    source: 'uploaded',
  });
  expect(info.expiresInDays).toBeGreaterThanOrEqual(399);
});
