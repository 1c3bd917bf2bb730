import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeliveryAnswer } from '#shared/api/webhooks.ts';
import { Agent } from '#server/test/agent.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { FEED_SETTLE_MS } from './events.service.ts';
import { RETRY_DELAYS_MS } from './retry-schedule.ts';
import { answers, startReceiver, type Receiver } from './test-receiver.ts';

let ctx: TestContext;
const receivers: Receiver[] = [];
let n = 0;

beforeAll(async () => {
  ctx = await testApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await ctx?.close();
});

async function receiver(behaviour = answers.ok) {
  const r = await startReceiver(behaviour);
  receivers.push(r);
  return r;
}

async function allowLoopback(allow: boolean) {
  await ctx.app.limitsStore.save({ webhooksAllowHttpLoopback: allow });
}

async function signedIn() {
  const a = new Agent(ctx.app);
  a.ip = `198.18.2.${++n}`;
  const email = `hooks${n}-${Date.now()}@example.com`;
  expect((await a.register(email)).statusCode).toBe(201);
  const user = await ctx.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { agent: a, userId: user.id, email };
}

async function createEndpoint(a: Agent, url: string, events = ['document.uploaded']) {
  const res = await a.post('/api/webhooks', { url, events, description: 'test receiver' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; secret: string }>();
}

const drain = () => ctx.app.webhookJobs.drain();

async function deliveries(a: Agent, id: number) {
  const res = await a.get(`/api/webhooks/${id}/deliveries`);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: DeliveryAnswer[] }>().items;
}
/** The same, read by the service: when the clock moved days ahead, the session is gone. */
const deliveriesOf = async (userId: number, id: number) =>
  (await ctx.app.webhooks.deliveries(userId, id, 0, 50)).items;

describe('webhook deliveries', () => {
  test('deliveries carry Standard Webhooks signatures that verify, with both secrets for 24 h after a rotation', async () => {
    await allowLoopback(true);
    const r = await receiver();
    const { agent, userId } = await signedIn();
    const created = await createEndpoint(agent, r.url);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await agent.get(`/api/webhooks/${created.id}`)).json()).not.toHaveProperty('secret');

    await ctx.app.events.emit(userId, 'document.uploaded', { documentId: 7, name: 'Lease.pdf' });
    await drain();
    expect(r.received).toHaveLength(1);
    const first = r.received[0]!;
    const payload = new Webhook(created.secret).verify(first.body, first.headers) as {
      type: string;
      data: unknown;
    };
    expect(payload.type).toBe('document.uploaded');
    expect(payload.data).toEqual({ documentId: 7, name: 'Lease.pdf' });
    expect(first.headers['webhook-id']).toMatch(/^evt_/);

    const rotated = (await agent.post(`/api/webhooks/${created.id}/rotate-secret`)).json<{
      secret: string;
      previousSecretUntil: string;
    }>();
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.previousSecretUntil).not.toBeNull();
    expect((await agent.post(`/api/webhooks/${created.id}/test`)).statusCode).toBe(202);
    await drain();
    const second = r.received[1]!;
    expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect((new Webhook(rotated.secret).verify(second.body, second.headers) as { type: string }).type).toBe(
      'webhook.test',
    );
    expect(() => new Webhook(created.secret).verify(second.body, second.headers)).not.toThrow();
    // A day later the old secret no longer signs.
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      await ctx.app.webhooks.sendTest(userId, created.id);
      await drain();
    } finally {
      ctx.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
    const third = r.received[2]!;
    expect(third.headers['webhook-signature']!.split(' ')).toHaveLength(1);
  });

  test('a failing receiver is retried on the schedule; after 3 days of failures the endpoint is disabled and its owner mailed', async () => {
    await allowLoopback(true);
    const r = await receiver(answers.status(500, 'broken'));
    const { agent, userId, email } = await signedIn();
    const { id } = await createEndpoint(agent, r.url);
    await ctx.app.events.emit(userId, 'document.uploaded', { documentId: 1 });
    await drain();
    let advanced = 0;
    try {
      for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
        const [d] = await deliveriesOf(userId, id);
        expect(d!.attempt).toBe(attempt);
        expect(d!.status).toBe('pending');
        expect(d!.responseStatus).toBe(500);
        expect(d!.responseExcerpt).toBe('broken');
        expect(Date.parse(d!.nextAttemptAt!) - Date.parse(d!.lastAttemptAt!)).toBe(
          RETRY_DELAYS_MS[attempt - 1],
        );
        // Not yet due: nothing is sent.
        await drain();
        expect(r.received).toHaveLength(attempt);
        ctx.clock.advance(RETRY_DELAYS_MS[attempt - 1]!);
        advanced += RETRY_DELAYS_MS[attempt - 1]!;
        await drain();
      }
      const [last] = await deliveriesOf(userId, id);
      expect(last!.attempt).toBe(RETRY_DELAYS_MS.length + 1);
      expect(last!.status).toBe('failed');
      const endpoint = await ctx.app.webhooks.get(userId, id);
      expect(endpoint.enabled).toBe(false);
      expect(endpoint.disabledReason).toMatch(/3 days/);
      await ctx.app.mail.flush();
      const mail = await ctx.app.db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', email)
        .execute();
      expect(mail.map((m) => m.subject)).toContain('Your webhook endpoint was disabled');
      // Disabled: a new event is not sent to it.
      await ctx.app.events.emit(userId, 'document.uploaded', { documentId: 2 });
      await drain();
      expect(r.received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    } finally {
      ctx.clock.advance(-advanced);
    }
  });

  test('a timeout, a 500 and a reset connection are each logged and retried', async () => {
    await allowLoopback(true);
    const before = ctx.app.webhooks.deliverer.timeoutMs;
    ctx.app.webhooks.deliverer.timeoutMs = 300;
    try {
      for (const [behaviour, error] of [
        [answers.silent, /No answer within/],
        [answers.status(500), /HTTP 500/],
        [answers.reset, /Connection reset|socket hang up|Connection failed/],
      ] as const) {
        const r = await receiver(behaviour);
        const { agent, userId } = await signedIn();
        const { id } = await createEndpoint(agent, r.url);
        await ctx.app.events.emit(userId, 'document.uploaded', { documentId: 3 });
        await drain();
        const [d] = await deliveries(agent, id);
        expect(d!.status).toBe('pending');
        expect(d!.attempt).toBe(1);
        expect(d!.error).toMatch(error);
        // It comes back on its own and succeeds once the receiver does.
        r.answer(answers.ok);
        ctx.clock.advance(RETRY_DELAYS_MS[0]);
        try {
          await drain();
        } finally {
          ctx.clock.advance(-RETRY_DELAYS_MS[0]);
        }
        const [again] = await deliveries(agent, id);
        expect(again!.status).toBe('succeeded');
        expect(again!.attempt).toBe(2);
        const endpoint = (await agent.get(`/api/webhooks/${id}`)).json<{ failingSince: string | null }>();
        expect(endpoint.failingSince).toBeNull();
      }
    } finally {
      ctx.app.webhooks.deliverer.timeoutMs = before;
    }
  });

  test('a busy healthy endpoint gets every delivery at once: a job that sent its 50 hands the next on, due now', async () => {
    await allowLoopback(true);
    const healthy = await receiver();
    const { agent, userId } = await signedIn();
    await createEndpoint(agent, healthy.url);
    for (let i = 0; i < 130; i++) await ctx.app.events.emit(userId, 'document.uploaded', { documentId: i });
    // the clock does not move: nothing may wait for a delivery set back while the endpoint was busy
    await drain();
    expect(healthy.received).toHaveLength(130);
  });

  test('a dead endpoint beside a healthy one: the healthy one gets every delivery, the dead one holds few attempts', async () => {
    await allowLoopback(true);
    const before = ctx.app.webhooks.deliverer.timeoutMs;
    ctx.app.webhooks.deliverer.timeoutMs = 500;
    const dead = await receiver(answers.silent);
    const healthy = await receiver();
    try {
      const { agent, userId } = await signedIn();
      const deadEndpoint = await createEndpoint(agent, dead.url);
      await createEndpoint(agent, healthy.url);
      // More than one job sends in a row (50): the rest are still delivered.
      for (let i = 0; i < 60; i++) await ctx.app.events.emit(userId, 'document.uploaded', { documentId: i });
      await drain();
      expect(healthy.received).toHaveLength(60);
      // While it is failing, its deliveries wait for its next try instead of each taking a slot.
      expect(dead.received.length).toBeLessThanOrEqual(2);
      const waiting = (await ctx.app.webhooks.deliveries(userId, deadEndpoint.id, 0, 100)).items;
      expect(waiting).toHaveLength(60);
      expect(waiting.every((d) => d.status === 'pending')).toBe(true);
      const endpoint = (await agent.get(`/api/webhooks/${deadEndpoint.id}`)).json<{
        nextRetryAt: string | null;
      }>();
      expect(endpoint.nextRetryAt).not.toBeNull();
    } finally {
      ctx.app.webhooks.deliverer.timeoutMs = before;
    }
  });

  test('a redirect is a failure and is not followed', async () => {
    await allowLoopback(true);
    const target = await receiver();
    const r = await receiver(answers.redirect(target.url));
    const { agent, userId } = await signedIn();
    const { id } = await createEndpoint(agent, r.url);
    await ctx.app.events.emit(userId, 'document.uploaded', { documentId: 4 });
    await drain();
    const [d] = await deliveries(agent, id);
    expect(d!.responseStatus).toBe(302);
    expect(d!.error).toMatch(/Redirect \(302\) not followed/);
    expect(target.received).toHaveLength(0);
    // Likewise when the redirect names a private address.
    r.answer(answers.redirect('http://10.0.0.1/hook'));
    expect((await agent.post(`/api/webhooks/${id}/deliveries/${d!.id}/redeliver`)).statusCode).toBe(202);
    await drain();
    const [again] = await deliveries(agent, id);
    expect(again!.error).toMatch(/Redirect \(302\) not followed/);
  });
});

describe('webhook URLs', () => {
  test('internal addresses are refused with a code, at creation and on update', async () => {
    await allowLoopback(false);
    const { agent } = await signedIn();
    ctx.app.webhooks.deliverer.resolve = async (host) =>
      host === 'internal.example'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.1.2.3', family: 4 },
          ]
        : host === 'localhost'
          ? [{ address: '127.0.0.1', family: 4 }]
          : host === 'public.example'
            ? [{ address: '93.184.216.34', family: 4 }]
            : Promise.reject(new Error('ENOTFOUND'));
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://0.0.0.0/hook',
      'https://localhost/hook',
      'https://internal.example/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://192.168.1.1/hook',
    ]) {
      const res = await agent.post('/api/webhooks', { url, events: ['document.uploaded'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'webhook_url_forbidden' });
    }
    const http = await agent.post('/api/webhooks', {
      url: 'http://public.example/hook',
      events: ['document.uploaded'],
    });
    expect(http.statusCode).toBe(400);
    expect(http.json()).toMatchObject({ code: 'webhook_url_invalid' });
    const unknown = await agent.post('/api/webhooks', {
      url: 'https://nowhere.example/hook',
      events: ['document.uploaded'],
    });
    expect(unknown.statusCode).toBe(400);
    const ok = await agent.post('/api/webhooks', {
      url: 'https://public.example/hook',
      events: ['document.uploaded'],
    });
    expect(ok.statusCode).toBe(201);
    const patched = await agent.request('PATCH', `/api/webhooks/${ok.json<{ id: number }>().id}`, {
      url: 'https://10.0.0.1/',
    });
    expect(patched.statusCode).toBe(400);
    // Loopback only when the admin allows it, and then http to loopback too.
    await allowLoopback(true);
    expect(
      (await agent.post('/api/webhooks', { url: 'http://localhost:9/hook', events: ['document.uploaded'] }))
        .statusCode,
    ).toBe(201);
    expect(
      (await agent.post('/api/webhooks', { url: 'https://10.0.0.1/hook', events: ['document.uploaded'] }))
        .statusCode,
    ).toBe(400);
    const { systemResolver } = await import('./address-guard.ts');
    ctx.app.webhooks.deliverer.resolve = systemResolver;
  });

  test('a name that resolves to an internal address at delivery time is not called', async () => {
    await allowLoopback(false);
    const { agent, userId } = await signedIn();
    let address = '93.184.216.34';
    ctx.app.webhooks.deliverer.resolve = async () => [{ address, family: 4 }];
    try {
      const { id } = await createEndpoint(agent, 'https://rebinding.example/hook');
      address = '127.0.0.1';
      await ctx.app.events.emit(userId, 'document.uploaded', { documentId: 5 });
      await drain();
      const [d] = await deliveries(agent, id);
      expect(d!.status).toBe('pending');
      expect(d!.responseStatus).toBeNull();
      expect(d!.error).toMatch(/private, loopback/);
    } finally {
      const { systemResolver } = await import('./address-guard.ts');
      ctx.app.webhooks.deliverer.resolve = systemResolver;
    }
  });

  test("another user's endpoint is not found; bad input gets a message", async () => {
    await allowLoopback(true);
    const r = await receiver();
    const owner = await signedIn();
    const other = await signedIn();
    const { id } = await createEndpoint(owner.agent, r.url);
    expect((await other.agent.get(`/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await other.agent.request('DELETE', `/api/webhooks/${id}`)).statusCode).toBe(404);
    const bad = await owner.agent.post('/api/webhooks', { url: r.url, events: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/at least one event/);
    const typo = await owner.agent.post('/api/webhooks', { url: r.url, events: ['document.exploded'] });
    expect(typo.statusCode).toBe(400);
    expect((await owner.agent.request('DELETE', `/api/webhooks/${id}`)).statusCode).toBe(200);
  });
});

describe('events from the product', () => {
  const save = async (a: Agent) => {
    const res = await a.post('/api/signatures', {
      signatureData: await signaturePng(),
      signerName: 'Jane Doe',
      additionalData: '',
      referenceNumber: '',
      isDefault: false,
      consent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; referenceNumber: string }>();
  };

  test('revoking a signature is an event; when recording it fails, the revocation still stands', async () => {
    const { agent, userId } = await signedIn();
    const first = await save(agent);
    expect((await agent.request('PATCH', `/api/signatures/${first.id}/revoke`)).statusCode).toBe(200);
    ctx.clock.advance(FEED_SETTLE_MS);
    const { rows } = await ctx.app.events.page(userId, ['signature'], 0, 10);
    expect(rows.map((r) => r.type)).toEqual(['signature.revoked']);
    expect(JSON.parse(rows[0]!.data)).toMatchObject({ signatureId: first.id });

    const second = await save(agent);
    const record = ctx.app.events.record.bind(ctx.app.events);
    ctx.app.events.record = () => Promise.reject(new Error('the events table is unavailable'));
    try {
      const res = await agent.request('PATCH', `/api/signatures/${second.id}/revoke`);
      expect(res.statusCode).toBe(200);
    } finally {
      ctx.app.events.record = record;
    }
    const revoked = await ctx.app.db
      .selectFrom('signatures')
      .select('revoked_at')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
  });
});
