import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountMessages as am } from '#shared/accounts/messages.ts';
import { securityMessages as sm } from '#shared/accounts/security-messages.ts';
import { Agent } from '#server/test/agent.ts';
import { testAppWithSmtp, TEST_ORIGIN } from '#server/test/test-app.ts';
import { TestAuthenticator } from '#server/test/authenticator.ts';
import { PENDING_LOGIN_COOKIE } from './pending-logins.ts';

/** Passkeys registered, listed, used as the second step and without a password. */
let ctx: Awaited<ReturnType<typeof testAppWithSmtp>>;
const PASSWORD = 'Str0ng!Pass';
let n = 0;
const email = () => `pk${++n}-${Date.now()}@example.com`;
const nextIp = () => `198.19.${(++n >> 8) & 255}.${n & 255}`;

beforeAll(async () => {
  ctx = await testAppWithSmtp();
});
afterAll(() => ctx.close());

async function withPasskey(name = 'Laptop') {
  const address = email();
  const agent = new Agent(ctx.app);
  agent.ip = nextIp();
  expect((await agent.register(address, PASSWORD)).statusCode).toBe(201);
  const authenticator = new TestAuthenticator(TEST_ORIGIN);
  const options = (await agent.post('/api/user/passkeys/options')).json();
  expect(options.rp.id).toBe('inkproof.test');
  expect(options.authenticatorSelection.residentKey).toBe('required');
  const res = await agent.post('/api/user/passkeys', { name, credential: authenticator.create(options) });
  expect(res.statusCode).toBe(201);
  return { address, agent, authenticator, passkey: res.json<{ id: number; name: string }>() };
}

const browser = async () => {
  const b = new Agent(ctx.app);
  b.ip = nextIp();
  await b.captcha();
  return b;
};

describe('registering passkeys', () => {
  test('a registered passkey is listed by name with its last use; it can be renamed and removed', async () => {
    const { agent, passkey, address } = await withPasskey();
    const list = (await agent.get('/api/user/passkeys')).json();
    expect(list).toEqual([
      { id: passkey.id, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(
      (await agent.request('PATCH', `/api/user/passkeys/${passkey.id}`, { name: 'Work laptop' })).statusCode,
    ).toBe(204);
    expect((await agent.get('/api/user/passkeys')).json()[0].name).toBe('Work laptop');
    await ctx.app.accounts.settle();
    expect((await ctx.smtp.waitFor(address, 2)).text).toContain('A passkey named "Laptop" was added');
    expect((await agent.request('DELETE', `/api/user/passkeys/${passkey.id}`)).statusCode).toBe(204);
    expect((await agent.get('/api/user/passkeys')).json()).toEqual([]);
    expect((await agent.request('DELETE', `/api/user/passkeys/${passkey.id}`)).statusCode).toBe(404);
  });

  test("another user's passkey answers 404", async () => {
    const a = await withPasskey();
    const b = await withPasskey();
    expect((await a.agent.request('DELETE', `/api/user/passkeys/${b.passkey.id}`)).statusCode).toBe(404);
    expect((await b.agent.get('/api/user/passkeys')).json()).toHaveLength(1);
  });

  test('a response for another origin is refused and stores nothing', async () => {
    const address = email();
    const agent = new Agent(ctx.app);
    agent.ip = nextIp();
    await agent.register(address, PASSWORD);
    const options = (await agent.post('/api/user/passkeys/options')).json();
    const credential = new TestAuthenticator(TEST_ORIGIN).create(options, 'https://evil.example');
    const res = await agent.post('/api/user/passkeys', { name: 'Phone', credential });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(sm.passkeyFailed);
    expect((await agent.get('/api/user/passkeys')).json()).toEqual([]);
  });

  test('a registration without a fresh challenge is refused (the challenge is single use)', async () => {
    const { agent, authenticator } = await withPasskey();
    const options = (await agent.post('/api/user/passkeys/options')).json();
    const credential = authenticator.create(options);
    expect((await agent.post('/api/user/passkeys', { name: 'One', credential })).statusCode).toBe(201);
    const again = await agent.post('/api/user/passkeys', { name: 'Two', credential });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(sm.passkeyExpired);
  });

  test('bad input answers 400 with a message', async () => {
    const { agent } = await withPasskey();
    expect((await agent.post('/api/user/passkeys', { name: '', credential: {} })).statusCode).toBe(400);
    expect((await agent.request('PATCH', '/api/user/passkeys/abc', { name: 'x' })).statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  test('as the second step after the password', async () => {
    const { address, authenticator } = await withPasskey();
    const b = await browser();
    const login = await b.post('/api/login', { email: address, password: PASSWORD, captcha: 'Tst9Zq' });
    expect(login.json()).toEqual({ twoFactorRequired: true, methods: ['passkey'] });
    expect((await b.get('/api/user')).statusCode).toBe(401);
    const options = (await b.post('/api/login/passkey/options')).json();
    expect(options.allowCredentials).toHaveLength(1);
    const res = await b.post('/api/login/passkey/verify', { credential: authenticator.get(options) });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(address);
    expect((await b.get('/api/user')).statusCode).toBe(200);
  });

  test('without a password ("Sign in with a passkey", discoverable credential)', async () => {
    const { address, authenticator, agent } = await withPasskey();
    const b = await browser();
    const options = (await b.post('/api/login/passkey/options')).json();
    expect(options.allowCredentials).toEqual([]);
    const res = await b.post('/api/login/passkey/verify', { credential: authenticator.get(options) });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(address);
    expect((await agent.get('/api/user/passkeys')).json()[0].lastUsedAt).toBeTruthy();
  });

  test('a response for another challenge or origin is refused, never a session', async () => {
    const { authenticator } = await withPasskey();
    const b = await browser();
    const options = (await b.post('/api/login/passkey/options')).json();
    const wrongChallenge = authenticator.get(options, {
      challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    const res = await b.post('/api/login/passkey/verify', { credential: wrongChallenge });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(sm.passkeyFailed);
    // the challenge was spent by the failed attempt
    const replay = await b.post('/api/login/passkey/verify', { credential: authenticator.get(options) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(sm.passkeyExpired);
    const fresh = (await b.post('/api/login/passkey/options')).json();
    const otherOrigin = await b.post('/api/login/passkey/verify', {
      credential: authenticator.get(fresh, { origin: 'https://evil.example' }),
    });
    expect(otherOrigin.statusCode).toBe(401);
    expect((await b.get('/api/user')).statusCode).toBe(401);
  });

  test('an expired challenge is refused', async () => {
    const { authenticator } = await withPasskey();
    const b = await browser();
    const options = (await b.post('/api/login/passkey/options')).json();
    ctx.clock.advance(5 * 60 * 1000 + 1000);
    const res = await b.post('/api/login/passkey/verify', { credential: authenticator.get(options) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(sm.passkeyExpired);
  });

  test('without a password every attempt counts on the network before the check, with an ended pending login too: over the limit 429 with the wait', async () => {
    const { authenticator } = await withPasskey();
    const b = await browser();
    b.cookies.set(PENDING_LOGIN_COOKIE, 'a-pending-login-that-ended');
    const options = (await b.post('/api/login/passkey/options')).json();
    const credential = authenticator.get(options, {
      challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    for (let i = 0; i < ctx.app.limits.loginFailuresPerIp; i++) {
      const refused = await b.post('/api/login/passkey/verify', { credential });
      expect([400, 401]).toContain(refused.statusCode);
    }
    const res = await b.post('/api/login/passkey/verify', { credential });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: am.tooManyLogins, retryAfter: Number(res.headers['retry-after']) });
    expect(res.json().retryAfter).toBeGreaterThan(0);
  });

  test("in the second step, another account's passkey is refused", async () => {
    const a = await withPasskey();
    const b = await withPasskey();
    const br = await browser();
    await br.post('/api/login', { email: a.address, password: PASSWORD, captcha: 'Tst9Zq' });
    const options = (await br.post('/api/login/passkey/options')).json();
    const res = await br.post('/api/login/passkey/verify', {
      credential: b.authenticator.get({ ...options, allowCredentials: [] }),
    });
    expect(res.statusCode).toBe(401);
    expect((await br.get('/api/user')).statusCode).toBe(401);
  });
});
