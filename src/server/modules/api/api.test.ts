import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Agent } from '#server/test/agent.ts';
import { ApiClient, apiUser } from '#server/test/api.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { encodeCursor } from './cursor.ts';

let ctx: TestContext;
let admin: Agent;
beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.accounts.ensureFirstAdmin('root@example.com', 'Adm1n!Password');
  admin = new Agent(ctx.app);
  admin.ip = '192.0.2.1';
  expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('tokens in Settings > API', () => {
  test('a new token is shown once, listed without its secret, and works as a bearer token', async () => {
    const { agent, token, api } = await apiUser(ctx.app, ['documents:read']);
    expect(token).toMatch(/^ink_[A-Za-z0-9_-]{43}$/);
    const listed = (await agent.get('/api/user/api-tokens')).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      name: 'test',
      scopes: ['documents:read'],
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(token.slice(10));
    expect(token.startsWith(listed[0].prefix)).toBe(true);

    const res = await api.get('/api/v1/documents');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null });
    const used = (await agent.get('/api/user/api-tokens')).json()[0];
    expect(used.lastUsedAt).not.toBeNull();
    expect(used.lastUsedIp).toBe(api.ip);
  });

  test('bad names, no scopes and unknown scopes are refused', async () => {
    const { agent } = await apiUser(ctx.app);
    for (const body of [
      { name: '', scopes: ['documents:read'], expiresInDays: null },
      { name: 'x', scopes: [], expiresInDays: null },
      { name: 'x', scopes: ['admin'], expiresInDays: null },
      { name: 'x', scopes: ['documents:read'], expiresInDays: 7 },
    ]) {
      const res = await agent.post('/api/user/api-tokens', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  test('a revoked token answers 401 token_revoked; another user cannot revoke it', async () => {
    const owner = await apiUser(ctx.app);
    const other = await apiUser(ctx.app);
    expect((await other.agent.request('DELETE', `/api/user/api-tokens/${owner.tokenId}`)).statusCode).toBe(
      404,
    );
    expect((await owner.api.get('/api/v1/documents')).statusCode).toBe(200);
    expect((await owner.agent.request('DELETE', `/api/user/api-tokens/${owner.tokenId}`)).statusCode).toBe(
      204,
    );
    const res = await owner.api.get('/api/v1/documents');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'token_revoked' });
  });

  test('an expiring token answers 401 token_expired once its day has come', async () => {
    const { agent } = await apiUser(ctx.app);
    const created = (
      await agent.post('/api/user/api-tokens', {
        name: 'month',
        scopes: ['documents:read'],
        expiresInDays: 30,
      })
    ).json();
    const api = new ApiClient(ctx.app, created.token);
    expect((await api.get('/api/v1/documents')).statusCode).toBe(200);
    ctx.clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
    const res = await api.get('/api/v1/documents');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_expired');
  });
});

describe('authentication on /api/v1', () => {
  test('no token, a malformed one and an unknown one: 401 with a code', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/documents' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('token_missing');
    for (const [header, code] of [
      ['Basic abc', 'token_missing'],
      ['Bearer nope', 'token_invalid'],
      [`Bearer ink_${'A'.repeat(43)}`, 'token_invalid'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/documents',
        headers: { authorization: header },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(code);
    }
  });

  test('a token in the query string is refused, never used', async () => {
    const { token } = await apiUser(ctx.app);
    for (const url of [
      `/api/v1/documents?access_token=${token}`,
      `/api/v1/documents?name=${token}`,
      `/api/v1/documents?token=x`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('token_in_query');
    }
  });

  test('a token without the route scope gets 403 naming the scope', async () => {
    const { api } = await apiUser(ctx.app, ['signatures:read']);
    const res = await api.get('/api/v1/documents');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'insufficient_scope', scope: 'documents:read' });
  });

  test('the session cookie is not read on /api/v1, and a token is not read anywhere else', async () => {
    const { agent, api, token } = await apiUser(ctx.app);
    const withCookie = await agent.get('/api/v1/documents');
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.json().code).toBe('token_missing');

    const adminToken = (
      await admin.post('/api/user/api-tokens', {
        name: 'admin',
        scopes: ['documents:read'],
        expiresInDays: null,
      })
    ).json().token as string;
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/security-settings'],
      ['GET', '/api/admin/api-tokens'],
      ['GET', '/api/user'],
      ['GET', '/api/user/api-tokens'],
      ['GET', '/api/user/sessions'],
      ['GET', '/api/user/2fa'],
      ['GET', '/api/documents'],
      ['POST', '/api/user/change-password'],
      ['POST', '/api/user/api-tokens'],
    ] as const) {
      for (const t of [token, adminToken]) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        expect([401, 403], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect((await api.get('/api/v1/documents')).statusCode).toBe(200);
  });

  test('calls per token are limited, with the RateLimit fields and Retry-After', async () => {
    const before = ctx.app.limits.apiCallsPerTokenPerMinute;
    await ctx.app.limitsStore.save({ apiCallsPerTokenPerMinute: 3 });
    try {
      const { api } = await apiUser(ctx.app);
      const other = await apiUser(ctx.app);
      const first = await api.get('/api/v1/documents');
      expect(first.headers['ratelimit-policy']).toBe('"token";q=3;w=60');
      expect(first.headers['ratelimit']).toMatch(/^"token";r=2;t=\d+$/);
      await api.get('/api/v1/documents');
      await api.get('/api/v1/documents');
      const over = await api.get('/api/v1/documents');
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['ratelimit']).toMatch(/^"token";r=0;t=\d+$/);
      // another token counts apart
      expect((await other.api.get('/api/v1/documents')).statusCode).toBe(200);
    } finally {
      await ctx.app.limitsStore.save({ apiCallsPerTokenPerMinute: before });
    }
  });
});

describe('errors and paging', () => {
  test('a malformed cursor is a 400 with cursor_invalid; a bad parameter names itself', async () => {
    const { api } = await apiUser(ctx.app);
    for (const cursor of [
      '%%%',
      'bm90IGpzb24',
      encodeCursor({ id: -1 }),
      Buffer.from('{"id":"1"}').toString('base64url'),
    ]) {
      const res = await api.get(`/api/v1/documents?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('cursor_invalid');
    }
    const bad = await api.get('/api/v1/documents?limit=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', issues: [{ path: 'limit' }] });
  });

  test('an unknown /api/v1 route is a 404 with a code', async () => {
    const { api } = await apiUser(ctx.app);
    const res = await api.get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('OpenAPI', () => {
  test('the document is public, OpenAPI 3.1, and lists /api/v1 routes only, each with its scope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/v1/documents');
    expect(paths.every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(paths).not.toContain('/api/v1/openapi.json');
    expect(doc.paths['/api/v1/documents'].get.security).toEqual([{ token: ['documents:read'] }]);
    expect(doc.info.description).toContain('insufficient_scope');
  });
});

describe('admins', () => {
  test('see every token of a user and can revoke one', async () => {
    // an earlier test moved the clock past the admin's session
    expect((await admin.login('root@example.com', 'Adm1n!Password')).statusCode).toBe(200);
    const { userId, tokenId, api } = await apiUser(ctx.app);
    const res = await admin.get(`/api/admin/api-tokens?userId=${userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json();
    expect(listed.map((t: { id: number }) => t.id)).toEqual([tokenId]);
    expect(listed[0].userEmail).toMatch(/@example\.com$/);
    expect((await admin.request('DELETE', `/api/admin/api-tokens/${tokenId}`)).statusCode).toBe(204);
    expect((await api.get('/api/v1/documents')).json().code).toBe('token_revoked');
  });
});
