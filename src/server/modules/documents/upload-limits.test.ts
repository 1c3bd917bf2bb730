import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { defaultLimits } from '#server/lib/limits.ts';
import { Agent } from '#server/test/agent.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { simplePdf } from '#server/test/pdfs.ts';
import { lockUserQuota } from './storage.ts';
import { quadrantPng, upload } from '#server/test/documents.ts';

// One fresh account stored 40 x 9.3 MB in 5 s; nothing limited it.
let ctx: TestContext;
let pdf: Buffer;
let n = 0;
beforeAll(async () => {
  ctx = await testApp();
  pdf = await simplePdf(3);
});
afterAll(() => ctx.close());
afterEach(() => ctx.app.limitsStore.save(defaultLimits()));

async function signedIn(ip = `198.51.104.${++n}`) {
  const a = new Agent(ctx.app);
  a.ip = ip;
  const res = await a.register(`quota${++n}-${Date.now()}@example.com`, 'Str0ng!Pass', { name: 'Quinn' });
  expect(res.statusCode).toBe(201);
  return { agent: a, id: res.json().id as number };
}
const send = (a: Agent, name = 'Doc') => upload(ctx.app, a, { name }, { filename: 'doc.pdf', bytes: pdf });
const setQuota = (userId: number, bytes: number | null) =>
  ctx.app.db.updateTable('users').set({ storage_quota_bytes: bytes }).where('id', '=', userId).execute();

describe('storage quota', () => {
  test('parallel uploads cannot both pass a quota that only one of them fits', async () => {
    const { agent, id } = await signedIn();
    await setQuota(id, Math.floor(pdf.length * 1.5));
    const answers = await Promise.all([send(agent, 'One'), send(agent, 'Two'), send(agent, 'Three')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 413, 413]);
    const refused = answers.find((r) => r.statusCode === 413)!.json();
    expect(refused).toMatchObject({
      reason: 'quota',
      usedBytes: pdf.length,
      quotaBytes: Math.floor(pdf.length * 1.5),
    });
    expect(refused.message).toBe(m.overQuota(pdf.length, Math.floor(pdf.length * 1.5)));
    expect((await agent.get('/api/documents')).json()).toHaveLength(1);
  });

  test('an upload whose room another transaction is taking waits for it, then sees it', async () => {
    const { agent, id } = await signedIn();
    await setQuota(id, pdf.length * 2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const now = new Date().toISOString();
    // Another upload of the same user, between its quota check and its commit.
    const other = ctx.app.db.transaction().execute(async (trx) => {
      await lockUserQuota(trx, id);
      await trx
        .insertInto('documents')
        .values({
          user_id: id,
          name: 'Racing',
          original_filename: 'racing.pdf',
          mime_type: 'application/pdf',
          status: 'pending',
          size: pdf.length + 1,
          page_count: 1,
          sha256: '0'.repeat(64),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await held;
    });
    const mine = send(agent);
    if (ctx.app.dialect === 'postgres') {
      // Wait until this upload's transaction is really queued behind the other one's row lock.
      for (let i = 0; i < 200; i++) {
        const waiting = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%storage_quota_bytes%'`.execute(ctx.app.db);
        if (waiting.rows[0]!.n > 0) break;
        await sleep(25);
      }
    } else {
      await sleep(300); // SQLite: one connection, the upload cannot even start its transaction
    }
    release();
    await other;
    const res = await mine;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ reason: 'quota', usedBytes: pdf.length + 1 });
  });

  test('the default comes from the security settings; usage counts originals and signed versions', async () => {
    const { agent } = await signedIn();
    await ctx.app.limitsStore.save({ storageQuotaBytes: pdf.length });
    expect((await agent.get('/api/documents/usage')).json()).toEqual({
      usedBytes: 0,
      quotaBytes: pdf.length,
    });
    const doc = (await send(agent)).json();
    // A user at the quota can still sign: the signed version counts, but finishing a document
    // already stored is not refused (decision 019).
    const sig = await agent.post('/api/signatures', {
      signatureData: await quadrantPng(),
      signerName: 'Quinn',
      isDefault: false,
    });
    const signed = await agent.post(`/api/documents/${doc.id}/sign`, {
      signatures: [
        { signatureId: sig.json().id, position: { page: 1, x: 50, y: 50, width: 200, height: 100 } },
      ],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const usage = (await agent.get('/api/documents/usage')).json();
    expect(usage).toEqual({
      usedBytes: pdf.length + signed.json().document.signedSize,
      quotaBytes: pdf.length,
    });
    const next = await send(agent);
    expect(next.statusCode).toBe(413);
    expect(next.json().reason).toBe('quota');
    // Deleting frees the space again.
    await agent.request('DELETE', `/api/documents/${doc.id}`);
    expect((await send(agent)).statusCode).toBe(201);
  });

  test('a declared length that cannot fit is refused before the body is read', async () => {
    const { agent, id } = await signedIn();
    await setQuota(id, 1024 * 1024);
    const big = Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const res = await upload(ctx.app, agent, { name: 'Big' }, { filename: 'big.pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ reason: 'quota', usedBytes: 0, quotaBytes: 1024 * 1024 });
  });
});

describe('upload rate', () => {
  test('per user: past the hourly number, 429 with Retry-After', async () => {
    await ctx.app.limitsStore.save({ uploadsPerUserPerHour: 2 });
    const { agent } = await signedIn();
    expect((await send(agent)).statusCode).toBe(201);
    expect((await send(agent)).statusCode).toBe(201);
    const third = await send(agent);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(m.tooManyUploads);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
  });

  test('per IP: accounts behind one address share its hourly number', async () => {
    await ctx.app.limitsStore.save({ uploadsPerIpPerHour: 2 });
    const ip = '198.51.105.7';
    const [a, b] = [await signedIn(ip), await signedIn(ip)];
    expect((await send(a.agent)).statusCode).toBe(201);
    expect((await send(b.agent)).statusCode).toBe(201);
    const third = await send(b.agent);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    const elsewhere = await signedIn();
    expect((await send(elsewhere.agent)).statusCode).toBe(201);
  });

  test('the 429 names the wait in its answer as well as in Retry-After', async () => {
    await ctx.app.limitsStore.save({ uploadsPerUserPerHour: 1 });
    const { agent } = await signedIn();
    expect((await send(agent)).statusCode).toBe(201);
    const second = await send(agent);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      message: m.tooManyUploads,
      retryAfter: Number(second.headers['retry-after']),
    });
  });
});

describe('free disk space', () => {
  test('below MIN_FREE_DISK_MB on the data folder disk, uploads answer 507 and store nothing', async () => {
    const low = await testApp({ minFreeDiskMb: 1024 * 1024 * 1024 });
    try {
      const a = new Agent(low.app);
      expect((await a.register(`disk-${Date.now()}@example.com`)).statusCode).toBe(201);
      const res = await upload(low.app, a, { name: 'Doc' }, { filename: 'doc.pdf', bytes: pdf });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toMatchObject({ message: m.diskFull, reason: 'disk-full' });
      expect((await a.get('/api/documents')).json()).toEqual([]);
    } finally {
      await low.close();
    }
  });
});
