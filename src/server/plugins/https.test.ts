import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Config } from '#server/env.ts';
import { Agent, type AgentResponse } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

/**
 * Over https (PUBLIC_URL is https, or a trusted proxy says the browser came over TLS) the session
 * cookie is `__Host-`, Secure, HttpOnly, SameSite=Lax, and every answer carries HSTS; plain http on
 * loopback (development) keeps the plain cookie and no HSTS.
 */

const HSTS = 'max-age=31536000; includeSubDomains';
const HOST_COOKIE = '__Host-inkproof_session';
const PLAIN_COOKIE = 'inkproof_session';

let webRoot: string;
beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-https-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Inkproof</title></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'export const answer = 42;\n');
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const setCookies = (res: AgentResponse) => [res.headers['set-cookie'] ?? []].flat().map(String);
/** The session's Set-Cookie line, whichever its name. */
const sessionCookie = (res: AgentResponse) =>
  setCookies(res).find((c) => c.startsWith(`${HOST_COOKIE}=`) || c.startsWith(`${PLAIN_COOKIE}=`));
const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().split('=')[0]!.toLowerCase());

let n = 0;
/** Signs up and in; answers the agent and the log-in's answer. */
async function signIn(ctx: TestContext, prepare: (agent: Agent) => void = () => {}) {
  const agent = new Agent(ctx.app);
  prepare(agent);
  const login = await agent.register(`https${++n}@example.com`);
  expect(login.statusCode).toBe(201);
  return { agent, login };
}

/** A page, a JSON answer and a static file, as the agent's browser would fetch them. */
const everyKind = (agent: Agent) =>
  Promise.all([agent.get('/about'), agent.get('/api/user'), agent.get('/assets/app-abc123.js')]);

function expectHttpsSession(login: AgentResponse) {
  const cookie = sessionCookie(login)!;
  expect(cookie.startsWith(`${HOST_COOKIE}=`)).toBe(true);
  expect(attributes(cookie)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite', 'path']));
  expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
  expect(cookie).toMatch(/; Path=\/(;|$)/);
  expect(attributes(cookie)).not.toContain('domain');
}

async function expectHstsEverywhere(agent: Agent) {
  const [page, json, file] = await everyKind(agent);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(json.statusCode).toBe(200);
  expect(file.statusCode).toBe(200);
  for (const res of [page, json, file]) expect(res.headers['strict-transport-security']).toBe(HSTS);
}

function suite(overrides: Partial<Config>) {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await testApp({ webRoot, ...overrides });
  });
  afterAll(() => ctx.close());
  return () => ctx;
}

describe('plain http on loopback (development)', () => {
  const ctx = suite({ publicUrl: 'http://localhost:3000' });

  test('the plain cookie, without Secure; no HSTS; signing in works', async () => {
    const { agent, login } = await signIn(ctx());
    const cookie = sessionCookie(login)!;
    expect(cookie.startsWith(`${PLAIN_COOKIE}=`)).toBe(true);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite', 'path']));
    expect(attributes(cookie)).not.toContain('secure');
    const answers = await everyKind(agent);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const res of answers) expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('PUBLIC_URL is https', () => {
  const ctx = suite({ publicUrl: 'https://sign.example.com' });

  test('a __Host- cookie, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; signed in calls work', async () => {
    const { agent, login } = await signIn(ctx());
    expectHttpsSession(login);
    expect((await agent.get('/api/user')).json().email).toBe(`https${n}@example.com`);
  });

  test('HSTS on pages, JSON and static files, signed in or not', async () => {
    await expectHstsEverywhere((await signIn(ctx())).agent);
    const [page, json, file] = await everyKind(new Agent(ctx().app));
    expect([page.statusCode, json.statusCode, file.statusCode]).toEqual([200, 401, 200]);
    for (const res of [page, json, file]) expect(res.headers['strict-transport-security']).toBe(HSTS);
  });

  test('a session under the plain name is not read: only the __Host- cookie is', async () => {
    const { agent } = await signIn(ctx());
    const value = agent.cookies.get(HOST_COOKIE)!;
    const plain = await ctx().app.inject({
      url: '/api/user',
      headers: { cookie: `${PLAIN_COOKIE}=${value}` },
    });
    expect(plain.statusCode).toBe(401);
  });

  test('signing out deletes the __Host- cookie with the attributes the browser requires', async () => {
    const { agent } = await signIn(ctx());
    const out = await agent.post('/api/logout');
    const cookie = sessionCookie(out)!;
    expect(cookie.startsWith(`${HOST_COOKIE}=;`)).toBe(true);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['secure', 'path', 'max-age']));
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  test('over real HTTP, the public look-up carries HSTS too', async () => {
    const app = ctx().app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/signatures/reference/SIG-20260301-ZZZZ`);
    expect(res.status).toBe(404);
    expect(res.headers.get('strict-transport-security')).toBe(HSTS);
  });
});

describe('TRUST_PROXY: X-Forwarded-Proto https', () => {
  const ctx = suite({ publicUrl: 'http://localhost:3000', trustProxy: '127.0.0.1' });
  const behindProxy = (from: string) => (agent: Agent) => {
    agent.ip = from;
    agent.headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };
  };

  test('from the trusted proxy: the __Host- cookie and HSTS, and signing in works', async () => {
    const { agent, login } = await signIn(ctx(), behindProxy('127.0.0.1'));
    expectHttpsSession(login);
    await expectHstsEverywhere(agent);
  });

  test('from an untrusted address: plain http, the header is ignored', async () => {
    const { agent, login } = await signIn(ctx(), behindProxy('203.0.113.9'));
    expect(sessionCookie(login)!.startsWith(`${PLAIN_COOKIE}=`)).toBe(true);
    expect(attributes(sessionCookie(login)!)).not.toContain('secure');
    for (const res of await everyKind(agent))
      expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
