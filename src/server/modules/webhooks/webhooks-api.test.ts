import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiUser } from '#server/test/api.ts';
import { upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { FEED_SETTLE_MS } from './events.service.ts';
import { answers, startReceiver, type Receiver } from './test-receiver.ts';

let ctx: TestContext;
let receiver: Receiver;

beforeAll(async () => {
  ctx = await testApp();
  receiver = await startReceiver(answers.ok);
  await ctx.app.limitsStore.save({ webhooksAllowHttpLoopback: true });
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

/** The feed shows an event once it has settled (FEED_SETTLE_MS). */
const settle = () => ctx.clock.advance(FEED_SETTLE_MS);

type Page = {
  items: { id: string; type: string; data: Record<string, unknown> }[];
  nextCursor: string | null;
};

describe('the events feed', () => {
  test('pages in order and stays stable while events are added; a token sees only the families it may read', async () => {
    const { api, userId } = await apiUser(ctx.app);
    for (let i = 0; i < 5; i++) await ctx.app.events.emit(userId, 'document.uploaded', { documentId: i });
    // not yet settled: a later reader could otherwise pass an event still committing
    expect((await api.get('/api/v1/events')).json<Page>().items).toEqual([]);
    settle();
    const first = (await api.get('/api/v1/events?limit=3')).json<Page>();
    expect(first.items.map((e) => e.data.documentId)).toEqual([0, 1, 2]);
    // Events added while the client pages come after what it has not read yet, never inside it.
    await ctx.app.events.emit(userId, 'request.sent', { requestId: 9 });
    await ctx.app.events.emit(userId, 'signature.revoked', { signatureId: 4 });
    settle();
    const second = (await api.get(`/api/v1/events?limit=3&after=${first.nextCursor}`)).json<Page>();
    expect(second.items.map((e) => e.type)).toEqual([
      'document.uploaded',
      'document.uploaded',
      'request.sent',
    ]);
    settle();
    const third = (await api.get(`/api/v1/events?limit=3&after=${second.nextCursor}`)).json<Page>();
    expect(third.items.map((e) => e.type)).toEqual(['signature.revoked']);
    // At the end the cursor is kept for polling: nothing new, nothing repeated.
    settle();
    const empty = (await api.get(`/api/v1/events?limit=3&after=${third.nextCursor}`)).json<Page>();
    expect(empty.items).toEqual([]);
    await ctx.app.events.emit(userId, 'document.signed', { documentId: 1 });
    settle();
    const later = (await api.get(`/api/v1/events?after=${empty.nextCursor}`)).json<Page>();
    expect(later.items.map((e) => e.type)).toEqual(['document.signed']);
    // Another user's events never show.
    const other = await apiUser(ctx.app);
    settle();
    expect((await other.api.get('/api/v1/events')).json<Page>().items).toEqual([]);

    const { api: docsOnly, userId: owner } = await apiUser(ctx.app, ['documents:read']);
    await ctx.app.events.emit(owner, 'document.uploaded', { documentId: 1 });
    await ctx.app.events.emit(owner, 'recipient.viewed', { requestId: 1 });
    await ctx.app.events.emit(owner, 'signature.revoked', { signatureId: 1 });
    settle();
    expect((await docsOnly.get('/api/v1/events')).json<Page>().items.map((e) => e.type)).toEqual([
      'document.uploaded',
    ]);
  });

  test('a malformed cursor is a 400 with its code; a token without a read scope is refused naming them', async () => {
    const { api } = await apiUser(ctx.app);
    const bad = await api.get('/api/v1/events?after=not!a!cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('cursor_invalid');
    const { api: hooksOnly } = await apiUser(ctx.app, ['webhooks:write']);
    const refused = await hooksOnly.get('/api/v1/events');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(refused.json().scope).toContain('documents:read');
  });

  test('an upload through the product is an event, and reaches a subscribed endpoint', async () => {
    const { api, agent, userId } = await apiUser(ctx.app);
    const created = await api.post('/api/v1/webhooks', { url: receiver.url, events: ['document.uploaded'] });
    expect(created.statusCode, created.body).toBe(201);
    const before = receiver.received.length;
    const res = await upload(
      ctx.app,
      agent,
      { name: 'Lease' },
      { filename: 'lease.pdf', bytes: await simplePdf() },
    );
    expect(res.statusCode, res.body).toBe(201);
    await ctx.app.webhookJobs.drain();
    settle();
    const events = (await api.get('/api/v1/events')).json<Page>().items;
    expect(events.map((e) => e.type)).toEqual(['document.uploaded']);
    expect(events[0]!.data).toMatchObject({ name: 'Lease' });
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(events[0]!.id);
    void userId;
  });
});

describe('webhooks through the API', () => {
  test('every webhook route needs webhooks:write, reads included', async () => {
    const { api } = await apiUser(ctx.app, ['documents:read', 'documents:write', 'requests:read']);
    for (const [method, url] of [
      ['GET', '/api/v1/webhooks'],
      ['POST', '/api/v1/webhooks'],
      ['GET', '/api/v1/webhooks/1'],
      ['PATCH', '/api/v1/webhooks/1'],
      ['DELETE', '/api/v1/webhooks/1'],
      ['POST', '/api/v1/webhooks/1/rotate-secret'],
      ['GET', '/api/v1/webhooks/1/deliveries'],
      ['POST', '/api/v1/webhooks/1/deliveries/1/redeliver'],
      ['POST', '/api/v1/webhooks/1/test'],
    ] as const) {
      const res = await api.call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'insufficient_scope', scope: 'webhooks:write' });
    }
  });

  test('create, list, update, test, deliveries, rotate and delete', async () => {
    const { api } = await apiUser(ctx.app, ['webhooks:write']);
    const created = (
      await api.post('/api/v1/webhooks', {
        url: receiver.url,
        events: ['document.signed', 'request.completed'],
        description: 'CRM',
      })
    ).json<{ id: number; secret: string; events: string[] }>();
    expect(created.secret).toMatch(/^whsec_/);
    const list = (await api.get('/api/v1/webhooks')).json<{ items: object[] }>();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).not.toHaveProperty('secret');
    const updated = await api.patch(`/api/v1/webhooks/${created.id}`, {
      description: 'CRM (prod)',
      enabled: false,
    });
    expect(updated.json()).toMatchObject({ description: 'CRM (prod)', enabled: false });
    const disabled = await api.post(`/api/v1/webhooks/${created.id}/test`);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().code).toBe('webhook_disabled');
    await api.patch(`/api/v1/webhooks/${created.id}`, { enabled: true });
    expect((await api.post(`/api/v1/webhooks/${created.id}/test`)).statusCode).toBe(202);
    await ctx.app.webhookJobs.drain();
    const page = (await api.get(`/api/v1/webhooks/${created.id}/deliveries?limit=1`)).json<{
      items: { id: number; status: string; eventType: string; responseStatus: number }[];
      nextCursor: string | null;
    }>();
    expect(page.items[0]).toMatchObject({
      status: 'succeeded',
      eventType: 'webhook.test',
      responseStatus: 200,
    });
    expect(
      (await api.post(`/api/v1/webhooks/${created.id}/deliveries/${page.items[0]!.id}/redeliver`)).statusCode,
    ).toBe(202);
    await ctx.app.webhookJobs.drain();
    const after = (await api.get(`/api/v1/webhooks/${created.id}/deliveries`)).json<{
      items: { attempt: number }[];
    }>();
    expect(after.items[0]!.attempt).toBe(1);
    const rotated = (await api.post(`/api/v1/webhooks/${created.id}/rotate-secret`)).json<{
      secret: string;
    }>();
    expect(rotated.secret).not.toBe(created.secret);
    const forbidden = await api.post('/api/v1/webhooks', {
      url: 'https://169.254.169.254/',
      events: ['document.signed'],
    });
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.json().code).toBe('webhook_url_forbidden');
    expect((await api.delete(`/api/v1/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/v1/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  test('the OpenAPI document lists the feed with its alternative scopes and the webhook routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/events'].get.security).toEqual([
      { token: ['documents:read'] },
      { token: ['requests:read'] },
      { token: ['signatures:read'] },
    ]);
    expect(doc.paths['/api/v1/webhooks'].post.security).toEqual([{ token: ['webhooks:write'] }]);
  });
});
