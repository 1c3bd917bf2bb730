import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient, apiUser } from '#server/test/api.ts';
import { signaturePng, signatureSvgDataUrl } from '#server/test/fixtures.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
let png: string;
beforeAll(async () => {
  ctx = await testApp();
  png = await signaturePng();
});
afterAll(() => ctx.close());

type Owner = Awaited<ReturnType<typeof apiUser>>;
const create = (api: ApiClient, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  api.post('/api/v1/signatures', { signerName: 'Jane Doe', image: png, ...body }, headers);

async function tokenOf(owner: Owner, scopes: readonly string[]) {
  const res = await owner.agent.post('/api/user/api-tokens', { name: 'scoped', scopes, expiresInDays: null });
  expect(res.statusCode, res.body).toBe(201);
  return new ApiClient(ctx.app, res.json<{ token: string }>().token);
}

describe('create', () => {
  test('a private signature from a PNG: 201 with its image, listed in the browser too', async () => {
    const { api, agent } = await apiUser(ctx.app);
    const res = await create(api, { additionalData: 'Contract 42' });
    expect(res.statusCode, res.body).toBe(201);
    const sig = res.json();
    expect(sig).toMatchObject({
      signerName: 'Jane Doe',
      additionalData: 'Contract 42',
      isPublic: false,
      hasImage: true,
      revokedAt: null,
      lookupCount: 0,
    });
    expect(sig.image).toMatch(/^data:image\/png;base64,/);
    expect(sig.referenceNumber).toMatch(/^SIG-/);
    const browser = (await agent.get('/api/signatures')).json();
    expect(browser.map((s: { id: number }) => s.id)).toEqual([sig.id]);
  });

  test('a public one from an SVG may choose its reference; a taken one is 409', async () => {
    const { api } = await apiUser(ctx.app);
    const res = await create(api, {
      image: signatureSvgDataUrl(),
      public: true,
      referenceNumber: 'SIG-20260101-APIX',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ isPublic: true, referenceNumber: 'SIG-20260101-APIX' });
    expect(res.json().image).toMatch(/^data:image\/svg\+xml/);
    const again = await create(api, { public: true, referenceNumber: 'SIG-20260101-APIX' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('signature_reference_taken');
  });

  test('without an image it is saved without one', async () => {
    const { api } = await apiUser(ctx.app);
    const res = await api.post('/api/v1/signatures', { signerName: 'No Picture' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ hasImage: false, image: '' });
  });

  test('bad input: 400 with a code; an image too large 413', async () => {
    const { api, userId } = await apiUser(ctx.app);
    for (const [body, code] of [
      [{ image: 'data:image/gif;base64,R0lGODlh' }, 'signature_image_invalid'],
      [{ image: 'data:image/png;base64,AAAA' }, 'signature_image_invalid'],
      [{ referenceNumber: 'SIG-20260101-PRIV' }, 'signature_reference_private'],
      [{ referenceNumber: 'nope', public: true }, 'validation_failed'],
      [{ signerName: 'x'.repeat(101) }, 'validation_failed'],
      [{ public: 'yes' }, 'validation_failed'],
    ] as const) {
      const res = await create(api, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    const big = `data:image/png;base64,${Buffer.alloc(600 * 1024).toString('base64')}`;
    const tooBig = await create(api, { image: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('too_large');
    const rows = await ctx.app.signatures.list(userId);
    expect(rows).toHaveLength(0);
  });

  test('Idempotency-Key: a retried create makes one signature', async () => {
    const { api, userId } = await apiUser(ctx.app);
    const first = await create(api, {}, { 'idempotency-key': 'sig-1' });
    const again = await create(api, {}, { 'idempotency-key': 'sig-1' });
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await ctx.app.signatures.list(userId)).toHaveLength(1);
  });
});

describe('read and revoke', () => {
  test('get, revoke (idempotent, keeps its first time); another user’s signature is 404', async () => {
    const owner = await apiUser(ctx.app);
    const stranger = await apiUser(ctx.app);
    const sig = (await create(owner.api)).json();
    const got = await owner.api.get(`/api/v1/signatures/${sig.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(sig);

    for (const [method, url] of [
      ['GET', `/api/v1/signatures/${sig.id}`],
      ['POST', `/api/v1/signatures/${sig.id}/revoke`],
    ] as const) {
      const res = await stranger.api.call(method, url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await owner.api.get('/api/v1/signatures/0')).json().code).toBe('validation_failed');

    const revoked = await owner.api.post(`/api/v1/signatures/${sig.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect(revoked.json()).not.toHaveProperty('image');
    ctx.clock.advance(5000);
    const twice = await owner.api.post(`/api/v1/signatures/${sig.id}/revoke`);
    expect(twice.json().revokedAt).toBe(revoked.json().revokedAt);
    // the browser sees the same revocation
    expect((await owner.agent.get(`/api/signatures/${sig.id}`)).json().revokedAt).toBe(
      revoked.json().revokedAt,
    );
  });

  test('list pages newest first, stable while signatures are created and deleted between pages', async () => {
    const { api, agent } = await apiUser(ctx.app);
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await create(api, { signerName: `S${i}`, image: undefined })).json().id);
    const newestFirst = [...ids].reverse();
    let page = (await api.get('/api/v1/signatures?limit=3')).json();
    const seen: number[] = page.items.map((s: { id: number }) => s.id);
    expect(seen).toEqual(newestFirst.slice(0, 3));
    expect(page.items[0]).not.toHaveProperty('image');
    const added = (await create(api, { signerName: 'Late' })).json().id;
    expect((await agent.request('DELETE', `/api/signatures/${newestFirst[0]}`)).statusCode).toBe(200);
    expect((await agent.request('DELETE', `/api/signatures/${newestFirst[5]}`)).statusCode).toBe(200);
    while (page.nextCursor) {
      page = (await api.get(`/api/v1/signatures?limit=3&cursor=${page.nextCursor}`)).json();
      seen.push(...page.items.map((s: { id: number }) => s.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(added);
    expect(seen).not.toContain(newestFirst[5]);
    for (const id of newestFirst.filter((id) => id !== newestFirst[0] && id !== newestFirst[5]))
      expect(seen).toContain(id);
    expect((await api.get('/api/v1/signatures?cursor=%%%')).json().code).toBe('cursor_invalid');
  });
});

describe('scopes', () => {
  test('every route refuses a token without its scope (403 naming it) and takes one with it', async () => {
    const owner = await apiUser(ctx.app);
    const cases = [
      ['signatures:read', 'GET', () => '/api/v1/signatures', 200],
      ['signatures:read', 'GET', (id: number) => `/api/v1/signatures/${id}`, 200],
      ['signatures:write', 'POST', () => '/api/v1/signatures', 201],
      ['signatures:write', 'POST', (id: number) => `/api/v1/signatures/${id}/revoke`, 200],
    ] as const;
    for (const [scope, method, url, ok] of cases) {
      const sig = (await create(owner.api)).json();
      const path = url(sig.id);
      const body = method === 'POST' ? { signerName: 'Scoped' } : undefined;
      const others = (
        ['documents:read', 'documents:write', 'signatures:read', 'signatures:write'] as const
      ).filter((s) => s !== scope);
      const refused = await (await tokenOf(owner, others)).call(method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'insufficient_scope', scope });
      const accepted = await (await tokenOf(owner, [scope])).call(method, path, body);
      expect(accepted.statusCode, `${method} ${path}: ${accepted.body}`).toBe(ok);
      expect((await ctx.app.inject({ method, url: path })).statusCode).toBe(401);
    }
  });
});
