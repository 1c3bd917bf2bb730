import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { SESSION_TIMEOUT_HEADER, SIGNED_OUT_CODE } from '#shared/constants.ts';
import { defaultLimits } from '../lib/limits.ts';
import { Agent } from '../test/agent.ts';
import { testApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp({ trustProxy: '127.0.0.1' });
});
afterAll(() => ctx.close());

let n = 0;
async function signedIn() {
  const agent = new Agent(ctx.app);
  const res = await agent.register(`s${++n}-${Date.now()}@example.com`);
  expect(res.statusCode).toBe(201);
  return agent;
}

test('a session idle for more than 15 minutes is gone on the server', async () => {
  const agent = await signedIn();
  ctx.clock.advance(14 * 60 * 1000);
  expect((await agent.get('/api/user')).statusCode).toBe(200);
  ctx.clock.advance(14 * 60 * 1000);
  expect((await agent.get('/api/user')).statusCode).toBe(200);
  ctx.clock.advance(15 * 60 * 1000 + 1000);
  expect((await agent.get('/api/user')).statusCode).toBe(401);
});

test('keep-alive from an active browser holds the session open', async () => {
  const agent = await signedIn();
  for (let i = 0; i < 5; i++) {
    ctx.clock.advance(10 * 60 * 1000);
    expect((await agent.post('/api/session/keepalive')).statusCode).toBe(204);
  }
  expect((await agent.get('/api/user')).statusCode).toBe(200);
});

test("the browser learns the server's idle timeout, and a lowered one ends sessions sooner", async () => {
  const agent = await signedIn();
  const user = await agent.get('/api/user');
  expect(user.headers[SESSION_TIMEOUT_HEADER]).toBe(String(15 * 60));
  await ctx.app.limitsStore.save({ ...defaultLimits(), sessionIdleMs: 5 * 60 * 1000 });
  try {
    const kept = await agent.post('/api/session/keepalive');
    expect(kept.statusCode).toBe(204);
    expect(kept.headers[SESSION_TIMEOUT_HEADER]).toBe(String(5 * 60));
    expect((await agent.get('/api/user')).headers[SESSION_TIMEOUT_HEADER]).toBe(String(5 * 60));
    ctx.clock.advance(5 * 60 * 1000 + 1000);
    const gone = await agent.get('/api/user');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: m.notSignedIn, code: SIGNED_OUT_CODE });
    expect(gone.headers[SESSION_TIMEOUT_HEADER]).toBeUndefined();
    const refused = await agent.get('/api/documents');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(SIGNED_OUT_CODE);
  } finally {
    await ctx.app.limitsStore.save(defaultLimits());
  }
});

test('a session ends after its absolute lifetime of 7 days, however active', async () => {
  const agent = await signedIn();
  const step = 14 * 60 * 1000;
  let status = 200;
  let elapsed = 0;
  while (status === 200 && elapsed < 8 * 24 * 60 * 60 * 1000) {
    ctx.clock.advance(step);
    elapsed += step;
    status = (await agent.get('/api/user')).statusCode;
  }
  expect(status).toBe(401);
  expect(elapsed).toBeGreaterThan(7 * 24 * 60 * 60 * 1000 - step);
  expect(elapsed).toBeLessThanOrEqual(7 * 24 * 60 * 60 * 1000 + step);
}, 60_000);

test('a state change without the CSRF header answers 403', async () => {
  const agent = await signedIn();
  const res = await agent.request('PUT', '/api/user/profile', { email: 'x@example.com' }, { csrf: null });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ message: m.csrfInvalid, code: 'csrf' });
});

test('a wrong CSRF header answers 403', async () => {
  const agent = await signedIn();
  const res = await agent.request('PUT', '/api/user/profile', { email: 'x@example.com' }, { csrf: 'forged' });
  expect(res.statusCode).toBe(403);
});

test("another session's CSRF token is refused", async () => {
  const victim = await signedIn();
  const attacker = await signedIn();
  const res = await victim.request(
    'PUT',
    '/api/user/profile',
    { email: 'x@example.com' },
    { csrf: attacker.csrf! },
  );
  expect(res.statusCode).toBe(403);
});

test('a state change without any session answers 403', async () => {
  const agent = new Agent(ctx.app);
  const res = await agent.post('/api/login', { email: 'a@example.com', password: 'whatever', captcha: 'x' });
  expect(res.statusCode).toBe(403);
});

test('GET /api/csrf starts an anonymous session and hands out its token', async () => {
  const agent = new Agent(ctx.app);
  const res = await agent.get('/api/csrf');
  expect(res.statusCode).toBe(204);
  expect(agent.csrf).toBeTruthy();
  expect((await agent.get('/api/user')).statusCode).toBe(401);
});

test('the session cookie is Secure when the request came over https through a trusted proxy', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/csrf',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  expect(res.headers['strict-transport-security']).toBeDefined();
});

test('over plain http the cookie is not marked Secure', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/csrf', remoteAddress: '127.0.0.1' });
  expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
});

test('an untrusted client cannot claim https or another IP', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/csrf',
    remoteAddress: '203.0.113.9',
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4' },
  });
  expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
});
