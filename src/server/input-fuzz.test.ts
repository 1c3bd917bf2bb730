import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { Agent, type AgentResponse } from './test/agent.ts';
import { signaturePng } from './test/fixtures.ts';
import { TEST_CAPTCHA, testApp, type TestContext } from './test/test-app.ts';

/**
 * Random text with control characters, lone surrogates, escapes and quotes thrown at every text
 * field of the public and signed-in API: a field may refuse it (4xx) or store it (2xx), never
 * fail (5xx). Run with TEST_DATABASE_URL for PostgreSQL, which is the stricter of the two.
 */
const hostileChar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u0008',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u2028',
    '\u2029',
    '\ufeff',
    '\ud800',
    '\udfff',
    '\uffff',
    '%',
    '%00',
    '%zz',
    '\\',
    '"',
    "'",
    '<',
    '>',
    '&',
    '\n',
    '\r',
    '\t',
    '/',
    '..',
    '?',
    '#',
    ' ',
    'é',
    '😀',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }),
);
const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.array(hostileChar, { maxLength: 30 }).map((a) => a.join('')) },
  {
    weight: 1,
    arbitrary: fc.array(hostileChar, { minLength: 1, maxLength: 5 }).map((a) => a.join('').repeat(400)),
  },
);

let ctx: TestContext;
let user: Agent;
let png: string;
let ip = 0;
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  ctx = await testApp();
  png = await signaturePng();
  user = new Agent(ctx.app);
  expect((await user.register('fuzz-owner@example.com')).statusCode).toBeLessThan(300);
});
afterAll(() => ctx.close());

/** A visitor on an IP of its own, with a CSRF token, so per-IP limits do not hide deeper paths. */
async function visitor() {
  const agent = Object.assign(new Agent(ctx.app), { ip: nextIp() });
  await agent.get('/api/csrf');
  return agent;
}
/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, as a browser sends them). */
const q = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

type Probe = (s: string) => Promise<AgentResponse>;
const publicProbes: Record<string, Probe> = {
  'login e-mail': async (s) => (await visitor()).login(s, 'Whatever1!'),
  'login password': async (s) => (await visitor()).login(`nobody${ip}@example.com`, s),
  'login captcha': async (s) => (await visitor()).login(`nobody${ip}@example.com`, 'Whatever1!', s),
  'register e-mail': async (s) => (await visitor()).register(s),
  'register username': async (s) =>
    (await visitor()).register(`r${ip}@example.com`, 'Str0ng!Pass', { username: s }),
  'register password': async (s) => (await visitor()).register(`p${ip}@example.com`, s),
  'forgot-password e-mail': async (s) => (await visitor()).forgotPassword(s),
  'reset token': async (s) =>
    (await visitor()).post('/api/reset-password', {
      token: s,
      email: 'a@example.com',
      password: 'Str0ng!Pass',
    }),
  'verify-email query': async (s) => (await visitor()).get(`/api/verify-email?token=${q(s)}&email=${q(s)}`),
  'verify-reset-token query': async (s) =>
    (await visitor()).get(`/api/verify-reset-token?token=${q(s)}&email=${q(s)}`),
  'signer name': async (s) =>
    (await visitor()).post('/api/signatures', { signatureData: png, signerName: s, consent: true }),
  'reference data': async (s) =>
    (await visitor()).post('/api/signatures', { signatureData: png, additionalData: s, consent: true }),
  'chosen reference': async (s) =>
    (await visitor()).post('/api/signatures', { signatureData: png, referenceNumber: s, consent: true }),
  'QR data': async (s) =>
    (await visitor()).post('/api/signatures', { signatureData: png, qrCodeData: s, consent: true }),
  'signature image data URL': async (s) =>
    (await visitor()).post('/api/signatures', { signatureData: s, consent: true }),
  'look-up reference': async (s) => (await visitor()).get(`/api/signatures/reference/${q(s)}`),
  'look-up CAPTCHA': async (s) =>
    (await visitor()).get(`/api/signatures/reference/SIG-20260101-ABCD?captcha=${q(s)}`),
  'look-up id': async (s) => (await visitor()).get(`/api/signatures/verify/${q(s)}`),
  'verification image token': async (s) =>
    (await visitor()).get(`/api/signatures/1/verification-image?sig=${q(s)}`),
  'support form': async (s) =>
    (await visitor()).post('/api/support', {
      name: s,
      email: 'a@example.com',
      subject: `${s}abc`,
      message: `${s}0123456789`,
    }),
  'page-view path': async (s) =>
    (await visitor()).post('/api/analytics/pageview', { path: `/${s}`, referrer: s }),
  'blog slug': async (s) => (await visitor()).get(`/api/blog/${q(s)}`),
  'share token': async (s) => (await visitor()).get(`/api/shared/${q(s)}`),
  'document hash': async (s) => (await visitor()).post('/api/documents/check-hash', { sha256: s }),
  'document reference': async (s) => (await visitor()).get(`/api/documents/reference/${q(s)}`),
  'CAPTCHA purpose': async (s) => (await visitor()).get(`/api/captcha?purpose=${q(s)}`),
};
const signedInProbes: Record<string, Probe> = {
  'profile name': (s) => user.put('/api/user/profile', { name: s, email: 'fuzz-owner@example.com' }),
  'profile e-mail': (s) => user.put('/api/user/profile', { name: 'Owner', email: s }),
  'change password': (s) => user.post('/api/user/change-password', { currentPassword: s, newPassword: s }),
  'panel signature': (s) =>
    user.post('/api/signatures', { signatureData: png, signerName: s, additionalData: s }),
  'signature id': (s) => user.get(`/api/signatures/${q(s)}`),
  'document id': (s) => user.get(`/api/documents/${q(s)}`),
  'document name (multipart)': async (s) =>
    upload(ctx.app, user, { name: s }, { filename: `${s}.pdf`, bytes: await simplePdf(1) }),
};

const property = (probe: Probe) =>
  fc.assert(
    fc.asyncProperty(hostileText, async (s) => {
      const res = await probe(s);
      expect(
        res.statusCode,
        `${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(s).slice(0, 80)}`,
      ).toBeLessThan(500);
      if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
    }),
    { numRuns: 12 },
  );

describe('public API', () => {
  test.each(Object.entries(publicProbes))('%s: only 2xx or 4xx', async (_name, probe) => property(probe));
});
describe('signed-in API', () => {
  test.each(Object.entries(signedInProbes))('%s: only 2xx or 4xx', async (_name, probe) => property(probe));
});

test('the probes ran signed in, and a visitor reaches the password check (sanity)', async () => {
  expect((await user.get('/api/user')).statusCode).toBe(200);
  const agent = await visitor();
  expect((await agent.login('fuzz-owner@example.com', 'Wrong!Pass1', TEST_CAPTCHA)).statusCode).toBe(401);
});
