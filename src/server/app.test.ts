import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { loadConfig } from './env.ts';
import { Agent } from './test/agent.ts';
import { testApp, type TestContext } from './test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

describe('service endpoints', () => {
  test('/healthz and /readyz answer while the database is up', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
  });

  test('an unknown /api path answers 404 JSON', async () => {
    const res = await ctx.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().message).toMatch(/not found/i);
  });

  test('every answer carries the strict security headers', async () => {
    const res = await ctx.app.inject('/robots.txt');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['permissions-policy']).toContain('microphone=()');
  });

  test('JSON answers carry the API set: a policy that allows nothing, never cached', async () => {
    for (const url of ['/api/user', '/api/no-such-thing', '/api/signatures/reference/SIG-20260101-NONE']) {
      const res = await ctx.app.inject(url);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('bad input', () => {
  test('malformed JSON answers 400 with a message', async () => {
    const agent = new Agent(ctx.app);
    await agent.captcha();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: {
        'content-type': 'application/json',
        cookie: `inkproof_session=${agent.cookies.get('inkproof_session')}`,
        'x-csrf-token': agent.csrf!,
      },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON');
  });

  test('a body over 1 MB answers 413 with a message', async () => {
    const agent = new Agent(ctx.app);
    await agent.captcha();
    const res = await agent.post('/api/forgot-password', {
      email: 'a@example.com',
      pad: 'x'.repeat(1_100_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  test('an unsupported content type answers 415', async () => {
    const agent = new Agent(ctx.app);
    await agent.captcha();
    const res = await agent.request('POST', '/api/forgot-password', undefined, {
      headers: { 'content-type': 'text/xml' },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('admin calls', () => {
  test('answer 401 signed out and 403 to an ordinary user', async () => {
    const agent = new Agent(ctx.app);
    expect((await agent.get('/api/admin/users')).statusCode).toBe(401);
    await agent.register(`plain-${Date.now()}@example.com`);
    const res = await agent.get('/api/admin/users');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.forbidden);
  });

  test('the first admin is created once and can list users', async () => {
    const first = await ctx.app.accounts.ensureFirstAdmin(undefined, undefined);
    // other tests of this file registered users already, so no admin is created on a non-empty database
    expect(first).toBeNull();
  });
});

describe('first start', () => {
  test('an empty database gets an admin with a generated password, only once', async () => {
    const fresh = await testApp();
    try {
      const created = await fresh.app.accounts.ensureFirstAdmin(undefined, undefined);
      expect(created?.generatedPassword).toMatch(/.{16,}/);
      expect(await fresh.app.accounts.ensureFirstAdmin(undefined, undefined)).toBeNull();
      const admin = new Agent(fresh.app);
      const login = await admin.login(created!.email, created!.generatedPassword!);
      expect(login.json().role).toBe('admin');
      const list = await admin.get('/api/admin/users');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ total: 1, items: [{ email: created!.email }] });
    } finally {
      await fresh.close();
    }
  });

  test('ADMIN_EMAIL and ADMIN_PASSWORD name the first admin', async () => {
    const fresh = await testApp();
    try {
      const created = await fresh.app.accounts.ensureFirstAdmin('boss@example.com', 'B0ss!Password');
      expect(created).toEqual({ email: 'boss@example.com', generatedPassword: null });
      expect((await new Agent(fresh.app).login('boss@example.com', 'B0ss!Password')).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('configuration', () => {
  test('safe defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.testCaptcha).toBeUndefined();
  });

  test('refuses the test CAPTCHA in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', INKPROOF_TEST_CAPTCHA: 'abc' })).toThrow(
      /INKPROOF_TEST_CAPTCHA/,
    );
  });

  test('refuses malformed values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
