import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { defaultLimits } from '#server/lib/limits.ts';
import { Agent } from '#server/test/agent.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { TEST_CAPTCHA, testApp, type TestContext } from '#server/test/test-app.ts';

let ctx: TestContext;
let png: string;
let n = 0;
beforeAll(async () => {
  ctx = await testApp();
  png = await signaturePng();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.app.limitsStore.save(defaultLimits()));

async function owner() {
  const a = new Agent(ctx.app);
  a.ip = `198.19.0.${++n}`;
  await a.register(`v${++n}-${Date.now()}@example.com`);
  return a;
}
async function saved(a: Agent, extra: Record<string, unknown> = {}) {
  const res = await a.post('/api/signatures', {
    signatureData: png,
    signerName: 'Jane Doe',
    additionalData: 'Lease 7',
    consent: true,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}
function visitor() {
  const v = new Agent(ctx.app);
  v.ip = `203.${Math.floor(++n / 250) % 250}.113.${n % 250}`;
  return v;
}

describe('look-up by reference', () => {
  test('answers the minimum a verifier needs, with a watermarked copy instead of the image', async () => {
    const sig = await saved(await owner());
    const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'additionalData',
        'createdAt',
        'expiresAt',
        'id',
        'isRegisteredUser',
        'referenceNumber',
        'signatureData',
        'signerName',
      ].sort(),
    );
    expect(body).toMatchObject({
      signerName: 'Jane Doe',
      additionalData: 'Lease 7',
      isRegisteredUser: true,
      expiresAt: null,
    });
    expect(body.signatureData).toMatch(/^\/api\/signatures\/\d+\/verification-image\?sig=/);
    expect(res.headers['set-cookie']).toBeUndefined();

    const raw = await ctx.app.inject(body.signatureData);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('image/png');
    const copy = await sharp(raw.rawPayload).metadata();
    expect(copy.format).toBe('png');
    expect(copy.width).toBeLessThanOrEqual(320);
    expect(raw.rawPayload.equals(Buffer.from(png.split(',')[1]!, 'base64'))).toBe(false);
  });

  test("a signing request's signature answers the same fields, and whose and on what, masked", async () => {
    const now = new Date(ctx.app.clock.now()).toISOString();
    const reference = 'SIG-20261124-REQS-2';
    await ctx.app.db
      .insertInto('signatures')
      .values({
        reference_number: reference,
        signer_name: 'Ann Signer',
        additional_data: '',
        created_at: now,
        user_id: null,
        expires_at: null,
        signer_email_masked: 'a***@example.com',
        document_name: 'Lease.pdf',
      })
      .execute();
    const res = await visitor().get(`/api/signatures/reference/${reference}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      signerName: 'Ann Signer',
      createdAt: now,
      expiresAt: null,
      additionalData: '',
      referenceNumber: reference,
      signatureData: '',
      isRegisteredUser: false,
      signingRequest: { signerEmail: 'a***@example.com', documentName: 'Lease.pdf' },
    });
  });

  test('a look-up sends only the fields of its answer, whatever else the service hands it', async () => {
    const sig = await saved(await owner());
    const verification = ctx.app.verification;
    const original = verification.byReference.bind(verification);
    verification.byReference = async (ref) => {
      const found = await original(ref);
      if (found.kind !== 'ok') return found;
      const extra = { userId: 7, imageToken: 'secret-token', signatureImage: 'data:image/png;base64,AAAA' };
      const signingRequest = {
        signerEmail: 'a***@example.com',
        documentName: 'x.pdf',
        email: 'ann@example.com',
      };
      return { kind: 'ok', signature: { ...found.signature, ...extra, signingRequest } };
    };
    try {
      const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(
        [
          'additionalData',
          'createdAt',
          'expiresAt',
          'id',
          'isRegisteredUser',
          'referenceNumber',
          'signatureData',
          'signerName',
          'signingRequest',
        ].sort(),
      );
      expect(res.json().signingRequest).toEqual({ signerEmail: 'a***@example.com', documentName: 'x.pdf' });
      expect(res.body).not.toMatch(/secret-token|base64|ann@example\.com|userId/);
    } finally {
      verification.byReference = original;
    }
  });

  test('a forged image URL answers 404', async () => {
    const sig = await saved(await owner());
    const res = await visitor().get(`/api/signatures/${sig.id}/verification-image?sig=forged`);
    expect(res.statusCode).toBe(404);
  });

  test("one signature's image token does not open another's copy, and clearing images kills the URL", async () => {
    const a = await owner();
    const [first, second] = [await saved(a), await saved(a)];
    const url = (await visitor().get(`/api/signatures/reference/${first.referenceNumber}`)).json()
      .signatureData;
    const token = new URL(url, 'http://x').searchParams.get('sig');
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect((await visitor().get(url)).statusCode).toBe(200);
    expect(
      (await visitor().get(`/api/signatures/${second.id}/verification-image?sig=${token}`)).statusCode,
    ).toBe(404);
    expect((await a.request('PATCH', '/api/signatures/clear-images')).statusCode).toBe(200);
    expect((await visitor().get(url)).statusCode).toBe(404);
    expect(
      (await visitor().get(`/api/signatures/reference/${first.referenceNumber}`)).json().signatureData,
    ).toBe('');
  });

  test('an unknown reference answers 404', async () => {
    const res = await visitor().get('/api/signatures/reference/SIG-19990101-ZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.notFound);
  });

  test('a private signature answers 404 like an unknown one', async () => {
    const a = await owner();
    const sig = await saved(a);
    await a.request('PATCH', `/api/signatures/${sig.id}/toggle-access`);
    const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.notFound);
  });

  test.each(['REF-123', 'SIG-2025-ABCD', 'SIG-20250414-AB', 'SIG-20250414-ABCD-'])(
    'malformed %s answers 400',
    async (ref) => {
      const res = await visitor().get(`/api/signatures/reference/${ref}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(m.referenceFormat);
    },
  );

  test('an expired anonymous signature answers 410, before and after the purge', async () => {
    const anon = new Agent(ctx.app);
    anon.ip = '198.19.9.9';
    await anon.get('/api/csrf');
    const sig = await saved(anon);
    ctx.clock.advance(92 * 24 * 60 * 60 * 1000);
    const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ message: m.expired, expired: true });
    await ctx.app.signatures.purgeExpired();
    expect((await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`)).statusCode).toBe(410);
  });

  test('a revoked signature answers 410 saying so and when', async () => {
    const a = await owner();
    const sig = await saved(a);
    const revoke = await a.request('PATCH', `/api/signatures/${sig.id}/revoke`);
    expect(revoke.statusCode).toBe(200);
    const res = await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      message: m.revoked,
      revoked: true,
      revokedAt: revoke.json().revokedAt,
    });
  });

  test('look-ups are counted for the owner (batched)', async () => {
    const a = await owner();
    const sig = await saved(a);
    await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
    ctx.clock.advance(90_000);
    const before = ctx.app.clock.now();
    await visitor().get(`/api/signatures/verify/${sig.id}`);
    const after = ctx.app.clock.now();
    await ctx.app.verification.flush();
    const mine = (await a.get(`/api/signatures/${sig.id}`)).json();
    expect(mine.lookupCount).toBe(2);
    // the time of the batch's last look-up, not of the first or of the flush
    expect(Date.parse(mine.lastVerifiedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(mine.lastVerifiedAt)).toBeLessThanOrEqual(after);
    // a second batch adds to the first
    await visitor().get(`/api/signatures/reference/${sig.referenceNumber}`);
    await ctx.app.verification.flush();
    expect((await a.get(`/api/signatures/${sig.id}`)).json().lookupCount).toBe(3);
  });

  /** `n` public signatures stored directly, each looked up once (in a shuffled order): their ids. */
  async function lookedUp(n: number, tag: string) {
    const now = new Date(ctx.app.clock.now()).toISOString();
    const rows = Array.from({ length: n }, (_, i) => ({
      reference_number: `SIG-20261124-${tag}${String(i).padStart(4, '0')}`,
      signer_name: `Signer ${i}`,
      additional_data: '',
      created_at: now,
      user_id: null,
      expires_at: '2099-01-01T00:00:00.000Z',
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 400)
      ids.push(
        ...(
          await ctx.app.db
            .insertInto('signatures')
            .values(rows.slice(i, i + 400))
            .returning('id')
            .execute()
        ).map((r) => r.id),
      );
    for (const i of [...ids.keys()].sort(() => Math.random() - 0.5))
      expect((await ctx.app.verification.byReference(rows[i]!.reference_number)).kind).toBe('ok');
    return { ids, refs: rows.map((r) => r.reference_number) };
  }

  const storedCounts = async (ids: number[]) => {
    const counts = await ctx.app.db
      .selectFrom('signature_lookups')
      .select(['signature_id', 'lookup_count'])
      .where('signature_id', 'in', ids)
      .execute();
    const byId = new Map(counts.map((c) => [c.signature_id, Number(c.lookup_count)]));
    return ids.map((id) => byId.get(id));
  };

  test('a large batch of counts is written whole, and a flush during another returns once both are written', async () => {
    await ctx.app.verification.flush();
    const { ids, refs } = await lookedUp(1200, 'CHUNK');
    // the last one twice
    await ctx.app.verification.byReference(refs[refs.length - 1]!);
    // the timer's flush, and a second one (stop(), say) while the first is still writing
    const timers = ctx.app.verification.flush();
    const [late] = (await lookedUp(1, 'LATE')).ids;
    await ctx.app.verification.flush();
    expect(await storedCounts(ids)).toEqual(ids.map((_, i) => (i === ids.length - 1 ? 2 : 1)));
    expect(await storedCounts([late!])).toEqual([1]);
    await timers;
  });

  test('a signature deleted before its look-ups are flushed loses them, and the flush goes on', async () => {
    const a = await owner();
    const [gone, kept] = [await saved(a), await saved(a)];
    await visitor().get(`/api/signatures/verify/${gone.id}`);
    await visitor().get(`/api/signatures/verify/${kept.id}`);
    expect((await a.request('DELETE', `/api/signatures/${gone.id}`)).statusCode).toBe(200);
    await ctx.app.verification.flush();
    expect((await a.get(`/api/signatures/${kept.id}`)).json().lookupCount).toBe(1);
    // the clean-up job sweeps the count left by the deleted signature
    expect(await ctx.app.signatures.purgeOrphanLookups()).toBe(1);
    expect(await ctx.app.signatures.purgeOrphanLookups()).toBe(0);
    expect((await a.get(`/api/signatures/${kept.id}`)).json().lookupCount).toBe(1);
  });
});

describe('look-up by id', () => {
  test('answers like the reference look-up', async () => {
    const sig = await saved(await owner());
    const res = await visitor().get(`/api/signatures/verify/${sig.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().referenceNumber).toBe(sig.referenceNumber);
    expect((await visitor().get('/api/signatures/verify/99999999')).statusCode).toBe(404);
    expect((await visitor().get('/api/signatures/verify/abc')).statusCode).toBe(400);
  });
});

describe('rate limiting per IP', () => {
  beforeEach(() => ctx.app.limitsStore.save({ lookupsBeforeCaptcha: 3, lookupsBeforeBlock: 8 }));

  test('past the soft limit a CAPTCHA is required; a solved one lets look-ups go on', async () => {
    const sig = await saved(await owner());
    const v = visitor();
    const url = `/api/signatures/reference/${sig.referenceNumber}`;
    for (let i = 0; i < 3; i++) expect((await v.get(url)).statusCode).toBe(200);
    const limited = await v.get(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: m.lookupCaptchaNeeded, requireCaptcha: true });

    await v.captcha('lookup');
    const wrong = await v.get(`${url}?captcha=WRONG9`);
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json()).toMatchObject({ message: m.lookupCaptchaWrong, requireCaptcha: true });

    await v.captcha('lookup');
    expect((await v.get(`${url}?captcha=${TEST_CAPTCHA}`)).statusCode).toBe(200);
    expect((await v.get(url)).statusCode).toBe(200); // the pass covers the next few
  });

  test('past the hard limit the IP is blocked, CAPTCHA or not', async () => {
    const sig = await saved(await owner());
    const v = visitor();
    const url = `/api/signatures/reference/${sig.referenceNumber}`;
    let last = await v.get(url);
    for (let i = 0; i < 9; i++) last = await v.get(url);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ message: m.lookupBlocked, blocked: true });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    await v.captcha('lookup');
    expect((await v.get(`${url}?captcha=${TEST_CAPTCHA}`)).json().blocked).toBe(true);
  });

  test('a spoofed X-Forwarded-For does not reset the count', async () => {
    const sig = await saved(await owner());
    const v = visitor();
    const url = `/api/signatures/reference/${sig.referenceNumber}`;
    for (let i = 0; i < 3; i++) await v.get(url);
    const res = await v.request('GET', url, undefined, { headers: { 'x-forwarded-for': `10.9.8.${i()}` } });
    expect(res.statusCode).toBe(429);
    function i() {
      return Math.floor(Math.random() * 250);
    }
  });

  test('unknown references count too, so references cannot be enumerated freely', async () => {
    const v = visitor();
    for (let i = 0; i < 3; i++) await v.get(`/api/signatures/reference/SIG-20250101-${1000 + i}`);
    expect((await v.get('/api/signatures/reference/SIG-20250101-2000')).statusCode).toBe(429);
  });

  test('a changed limit stored by another instance applies here without restart', async () => {
    await ctx.app.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ ...defaultLimits(), lookupsBeforeCaptcha: 1, lookupsBeforeBlock: 8 }) })
      .where('key', '=', 'security-limits')
      .execute();
    await ctx.app.limitsStore.load(); // what the 5-second refresh does
    const sig = await saved(await owner());
    const v = visitor();
    expect((await v.get(`/api/signatures/reference/${sig.referenceNumber}`)).statusCode).toBe(200);
    expect((await v.get(`/api/signatures/reference/${sig.referenceNumber}`)).statusCode).toBe(429);
  });

  test('the count is shared through the database: a new instance view sees earlier hits after a flush', async () => {
    const sig = await saved(await owner());
    const v = visitor();
    const url = `/api/signatures/reference/${sig.referenceNumber}`;
    for (let i = 0; i < 3; i++) await v.get(url);
    await ctx.app.verification.flush();
    const row = await ctx.app.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `lookup:ip:${v.ip}`)
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(3);
  });
});
