import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createInkproofClient } from '#clients/typescript/src/index.ts';
import { apiUser } from '#server/test/api.ts';
import { mailedToken, person, requestsTestApp, signAs, type Ctx } from '#server/test/requests.ts';
import { FEED_SETTLE_MS } from '../webhooks/events.service.ts';
import { QUICK_START_REQUEST } from './developers-page.ts';
import { startReceiver, type Receiver } from '../webhooks/test-receiver.ts';

/**
 * What an integration does from start to end, with the typed client of clients/typescript over
 * real HTTP: hear about it by webhook, upload a contract, send it for signature, and, once the
 * recipient has signed through the recipient routes (/api/sign/…), see it completed, in the
 * webhook deliveries (signed per Standard Webhooks) and in the events feed.
 */
let ctx: Ctx;
let baseUrl: string;
let receiver: Receiver;
beforeAll(async () => {
  ctx = await requestsTestApp();
  await ctx.app.limitsStore.save({ webhooksAllowHttpLoopback: true });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

test('upload, send, sign as the recipient, then the webhook and the feed tell it', async () => {
  const owner = await apiUser(ctx.app);
  const client = createInkproofClient({ baseUrl, token: owner.token });

  const hook = await client.POST('/api/v1/webhooks', {
    body: {
      url: receiver.url,
      events: ['document.uploaded', 'request.sent', 'recipient.signed', 'request.completed'],
    },
  });
  expect(hook.response.status, JSON.stringify(hook.error)).toBe(201);
  const secret = hook.data!.secret;

  const doc = await client.POST('/api/v1/documents', {
    body: { name: 'Service agreement', filename: 'agreement.pdf', contentBase64: ctx.pdf.toString('base64') },
    headers: { 'Idempotency-Key': 'agreement-1' },
  });
  expect(doc.response.status, JSON.stringify(doc.error)).toBe(201);
  const documentId = doc.data!.id;

  const ann = person('Ann Client');
  const sent = await client.POST('/api/v1/requests', {
    body: {
      documentId,
      recipients: [ann],
      order: 'sequential',
      requireCode: false,
      fields: [{ recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } }],
    },
  });
  expect(sent.response.status, JSON.stringify(sent.error)).toBe(201);
  const requestId = sent.data!.id;

  const signed = await signAs(ctx, await mailedToken(ctx, ann.email));
  expect(signed.statusCode, signed.body).toBe(200);
  await ctx.scheduler.runDue();

  const request = await client.GET('/api/v1/requests/{id}', { params: { path: { id: requestId } } });
  expect(request.data).toMatchObject({ status: 'completed', recipients: [{ status: 'signed' }] });
  const pdf = await client.GET('/api/v1/documents/{id}/signed', {
    params: { path: { id: documentId } },
    parseAs: 'arrayBuffer',
  });
  expect(pdf.response.status).toBe(200);
  expect(Buffer.from(pdf.data!).subarray(0, 5).toString()).toBe('%PDF-');

  await ctx.app.webhookJobs.drain();
  const verifier = new Webhook(secret);
  const delivered = receiver.received.map(
    (r) => verifier.verify(r.body, r.headers) as { type: string; data: Record<string, unknown> },
  );
  expect(delivered.map((e) => e.type)).toEqual([
    'document.uploaded',
    'request.sent',
    'recipient.signed',
    'request.completed',
  ]);
  expect(delivered.at(-1)!.data).toMatchObject({ requestId, documentId });

  ctx.clock.advance(FEED_SETTLE_MS);
  const feed = await client.GET('/api/v1/events', { params: { query: {} } });
  expect(feed.response.status).toBe(200);
  const types = feed.data!.items.map((e) => e.type);
  expect(types).toEqual(
    expect.arrayContaining([
      'document.uploaded',
      'request.sent',
      'recipient.viewed',
      'recipient.signed',
      'request.completed',
    ]),
  );
  // the webhook and the feed name the same events
  const ids = new Set(feed.data!.items.map((e) => e.id));
  for (const r of receiver.received) expect(ids.has(r.headers['webhook-id']!)).toBe(true);
});

test('the quick start of /developers sends as written', async () => {
  const owner = await apiUser(ctx.app);
  const client = createInkproofClient({ baseUrl, token: owner.token });
  const doc = await client.POST('/api/v1/documents', {
    body: { name: 'Quick start', contentBase64: ctx.pdf.toString('base64') },
  });
  expect(doc.response.status, JSON.stringify(doc.error)).toBe(201);
  const sent = await client.POST('/api/v1/requests', {
    body: { ...QUICK_START_REQUEST, documentId: doc.data!.id } as never,
  });
  expect(sent.response.status, JSON.stringify(sent.error)).toBe(201);
  expect(sent.data).toMatchObject({ status: 'active', recipients: [{ name: 'Ada Lovelace' }] });
});
