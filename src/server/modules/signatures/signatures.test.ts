import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Agent } from '#server/test/agent.ts';
import { signaturePng, signatureSvgDataUrl } from '#server/test/fixtures.ts';
import { TEST_ORIGIN, testApp, type TestContext } from '#server/test/test-app.ts';
import QRCode from 'qrcode';
import { verifyWithInstance } from '#server/test/seal-keys.ts';
import { addMonths } from './signatures.service.ts';

let ctx: TestContext;
let png: string;
let n = 0;
beforeAll(async () => {
  ctx = await testApp();
  png = await signaturePng();
});
afterAll(() => ctx.close());

async function anonymous() {
  const a = new Agent(ctx.app);
  a.ip = `198.18.0.${++n}`;
  await a.get('/api/csrf');
  return a;
}
async function signedIn() {
  const a = new Agent(ctx.app);
  a.ip = `198.18.1.${++n}`;
  const res = await a.register(`sig${++n}-${Date.now()}@example.com`);
  expect(res.statusCode).toBe(201);
  return a;
}
const creatorSave = (extra: Record<string, unknown> = {}) => ({
  signatureData: png,
  signerName: 'Jane Doe',
  additionalData: 'Tender 42',
  referenceNumber: '',
  isDefault: false,
  consent: true,
  ...extra,
});

describe('saving from the creator', () => {
  test('an anonymous save expires 3 months later and belongs to nobody, whatever the body says', async () => {
    const a = await anonymous();
    const res = await a.post(
      '/api/signatures',
      creatorSave({ userId: 1, isRegisteredUser: true, expiresAt: null }),
    );
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.userId).toBeNull();
    expect(s.isRegisteredUser).toBe(false);
    const expected = addMonths(Date.parse(s.createdAt), 3);
    expect(Date.parse(s.expiresAt)).toBe(expected);
    expect(s.referenceNumber).toMatch(/^SIG-\d{8}-\d{4}$/);
    expect(s.consentAt).toBeTruthy();
    expect(s.isPublic).toBe(true);
  });

  test('a registered save never expires and belongs to the session user', async () => {
    const a = await signedIn();
    const me = (await a.get('/api/user')).json();
    const res = await a.post(
      '/api/signatures',
      creatorSave({ userId: 999, expiresAt: '2020-01-01T00:00:00Z' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: me.id,
      expiresAt: null,
      isRegisteredUser: true,
      signerName: 'Jane Doe',
    });
  });

  test('without consent the save is refused', async () => {
    const a = await anonymous();
    const res = await a.post('/api/signatures', creatorSave({ consent: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.consentRequired);
    const missing = await a.post('/api/signatures', creatorSave({ consent: undefined }));
    expect(missing.statusCode).toBe(400);
  });

  test('a chosen reference is kept (upper-cased); one already taken is refused with 409', async () => {
    const a = await anonymous();
    const ref = `SIG-20250414-ab${String(++n).padStart(4, '0')}`;
    const first = await a.post('/api/signatures', creatorSave({ referenceNumber: ref }));
    expect(first.statusCode).toBe(201);
    expect(first.json().referenceNumber).toBe(ref.toUpperCase());
    const b = await signedIn();
    const second = await b.post('/api/signatures', creatorSave({ referenceNumber: ref.toUpperCase() }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(m.referenceTaken);
  });

  test('a malformed reference is refused', async () => {
    const a = await anonymous();
    const res = await a.post('/api/signatures', creatorSave({ referenceNumber: 'REF-1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.referenceFormat);
  });

  test('the QR data points at our verification page for this reference', async () => {
    const a = await anonymous();
    const res = await a.post(
      '/api/signatures',
      creatorSave({ qrCodeData: 'https://evil.example/verify-signature?ref=x' }),
    );
    const url = new URL(res.json().qrCodeData);
    expect(url.origin).toBe(TEST_ORIGIN);
    expect(url.pathname).toBe('/verify-signature');
    expect(url.searchParams.get('ref')).toBe(res.json().referenceNumber);
    expect(url.searchParams.get('name')).toBe('Jane Doe');
  });

  test('the creator’s own QR URL is kept when it names this reference, and sealed', async () => {
    const a = await anonymous();
    const ref = `SIG-20250414-${String(++n).padStart(4, '0')}`;
    const stamp = new Date(ctx.clock.now() - 3_600_000).toISOString();
    const qr = `${TEST_ORIGIN}/verify-signature?id=1700000000000&ref=${ref}&name=Jane+Doe&timestamp=${encodeURIComponent(stamp)}`;
    const res = await a.post('/api/signatures', creatorSave({ referenceNumber: ref, qrCodeData: qr }));
    const saved: string = res.json().qrCodeData;
    expect(saved).toMatch(/#[A-Z2-7]+$/);
    expect(saved.split('#')[0]).toBe(qr.replaceAll('%3A', ':'));
    const proven = await verifyWithInstance(ctx.app, saved, 'signature');
    expect(proven).toMatchObject({
      status: 'proven',
      claims: { reference: ref, signerName: 'Jane Doe', signedAt: Date.parse(stamp) },
    });
  });

  test.each([
    ['a back-dated time', (ref: string) => `name=Jane+Doe&ref=${ref}&timestamp=2020-01-01T00:00:00.000Z`],
    ['another name', (ref: string) => `name=Mallory&ref=${ref}&timestamp=${new Date().toISOString()}`],
  ])('a creator URL with %s is rebuilt with the server’s own time and name', async (_case, query) => {
    const a = await anonymous();
    const ref = `SIG-20250414-${String(++n).padStart(4, '0')}`;
    const res = await a.post(
      '/api/signatures',
      creatorSave({ referenceNumber: ref, qrCodeData: `${TEST_ORIGIN}/verify-signature?${query(ref)}` }),
    );
    const proven = await verifyWithInstance(ctx.app, res.json().qrCodeData, 'signature');
    expect(proven.status).toBe('proven');
    if (proven.status !== 'proven') return;
    expect(proven.claims.signerName).toBe('Jane Doe');
    expect(Math.abs(proven.claims.signedAt - Date.parse(res.json().createdAt))).toBeLessThan(1000);
  });

  test('size bar: a 30-character name and a 24-character reference, sealed, fit QR version 11 at M', async () => {
    const a = await anonymous();
    const ref = `SIG-20261123-${String(++n).padStart(11, 'K')}`;
    expect(ref).toHaveLength(24);
    const name = 'Maximilian Alexander Sommerfel';
    expect(name).toHaveLength(30);
    const res = await a.post('/api/signatures', creatorSave({ referenceNumber: ref, signerName: name }));
    const link: string = res.json().qrCodeData;
    expect((await verifyWithInstance(ctx.app, link, 'signature')).status).toBe('proven');
    // Anonymous: the seal carries an expiry too. The test origin is shorter than most, so
    // measure the bar at a 24-character one as well (decision 029: ~1 byte per character).
    for (const text of [link, link.replace(TEST_ORIGIN, 'https://sign.example.com')])
      expect(QRCode.create(text, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(11);
  });

  test('the stored link keeps its seal: listing and reading it again give the same', async () => {
    const agent = await signedIn();
    const res = await agent.post('/api/signatures', { signatureData: png, isDefault: false });
    const saved: string = res.json().qrCodeData;
    const proven = await verifyWithInstance(ctx.app, saved, 'signature');
    expect(proven.status).toBe('proven');
    const again = await agent.get(`/api/signatures/${res.json().id}`);
    expect(again.json().qrCodeData).toBe(saved);
    if (proven.status !== 'proven') return;
    const leaf = await ctx.app.seals.log.entries(proven.claims.logIndex, proven.claims.logIndex + 1);
    expect(JSON.parse(leaf[0]!.entry)).toMatchObject({ event: 'signature.issued' });
    expect(JSON.parse(leaf[0]!.entry).subject.startsWith(proven.claims.subjectHash)).toBe(true);
  });

  test('a blank name is saved as Unnamed', async () => {
    const a = await anonymous();
    const res = await a.post('/api/signatures', creatorSave({ signerName: '   ' }));
    expect(res.json().signerName).toBe('Unnamed');
  });

  test('metadata only: an empty image is stored as no image', async () => {
    const a = await signedIn();
    const res = await a.post('/api/signatures', creatorSave({ signatureData: '' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().signatureData).toBe('');
  });
});

describe('image checks', () => {
  test.each([
    ['not a data URL', 'hello', 400, m.imageInvalid],
    ['a JPEG data URL', 'data:image/jpeg;base64,/9j/4AAQ', 400, m.imageInvalid],
    [
      'a PNG label on other bytes',
      `data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}`,
      400,
      m.imageInvalid,
    ],
    [
      'a truncated PNG',
      `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]).toString('base64')}`,
      400,
      m.imageUnreadable,
    ],
    ['SVG that is not SVG', signatureSvgDataUrl('<html><body/></html>'), 400, m.imageUnreadable],
  ])('%s is refused', async (_label, data, status, message) => {
    const a = await anonymous();
    const res = await a.post('/api/signatures', creatorSave({ signatureData: data }));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  test('an image over 512 KB is refused with 413', async () => {
    const big = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const a = await anonymous();
    const res = await a.post(
      '/api/signatures',
      creatorSave({ signatureData: `data:image/png;base64,${big.subarray(0, 600_000).toString('base64')}` }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(m.imageTooLarge);
  });

  test('a body over the 1 MB limit is refused with 413 JSON', async () => {
    const a = await anonymous();
    const res = await a.post(
      '/api/signatures',
      creatorSave({ signatureData: `data:image/png;base64,${'A'.repeat(1_200_000)}` }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTruthy();
  });

  test('SVG is sanitised: scripts, handlers and links are gone', async () => {
    const evil =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" onload="alert(1)"><script>alert(2)</script>' +
      '<path d="M0 0L100 50" stroke="#000"/><a href="javascript:alert(3)"><text>x</text></a>' +
      '<foreignObject><iframe src="https://evil.example"/></foreignObject><image href="https://evil.example/x.png"/></svg>';
    const a = await signedIn();
    const res = await a.post('/api/signatures', creatorSave({ signatureData: signatureSvgDataUrl(evil) }));
    expect(res.statusCode).toBe(201);
    const stored = Buffer.from(res.json().signatureData.split(',')[1], 'base64').toString();
    expect(stored).toContain('<path d="M0 0L100 50"');
    expect(stored).not.toMatch(/script|onload|javascript|foreignObject|iframe|<image|href/i);
  });
});

describe('My Signatures calls', () => {
  test('the list holds only my signatures, newest first, with lookup stats', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await a.post('/api/signatures', creatorSave({ signerName: 'First' }));
    await a.post('/api/signatures', creatorSave({ signerName: 'Second' }));
    await b.post('/api/signatures', creatorSave({ signerName: 'Other' }));
    const list = (await a.get('/api/signatures')).json();
    expect(list.map((s: { signerName: string }) => s.signerName)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({ lookupCount: 0, lastVerifiedAt: null, revokedAt: null });
    expect(list[0].signatureData).toMatch(/^data:image\/png;base64,/);
  });

  test('signed out, the list answers 401', async () => {
    expect((await (await anonymous()).get('/api/signatures')).statusCode).toBe(401);
  });

  test("another user's signature answers 404 to every call", async () => {
    const owner = await signedIn();
    const id = (await owner.post('/api/signatures', creatorSave())).json().id;
    const other = await signedIn();
    expect((await other.get(`/api/signatures/${id}`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/signatures/${id}`)).statusCode).toBe(404);
    expect((await other.request('PATCH', `/api/signatures/${id}/toggle-access`)).statusCode).toBe(404);
    expect((await other.request('PATCH', `/api/signatures/${id}/revoke`)).statusCode).toBe(404);
    expect((await owner.get(`/api/signatures/${id}`)).statusCode).toBe(200);
  });

  test('a non-numeric id answers 400', async () => {
    const a = await signedIn();
    expect((await a.request('DELETE', '/api/signatures/abc')).statusCode).toBe(400);
  });

  test('toggle flips public and private', async () => {
    const a = await signedIn();
    const id = (await a.post('/api/signatures', creatorSave())).json().id;
    const off = await a.request('PATCH', `/api/signatures/${id}/toggle-access`);
    expect(off.json()).toMatchObject({ isPublic: false, message: m.madePrivate });
    const on = await a.request('PATCH', `/api/signatures/${id}/toggle-access`);
    expect(on.json()).toMatchObject({ isPublic: true, message: m.madePublic });
  });

  test('delete removes one; delete all and clear images act on mine only', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const one = (await a.post('/api/signatures', creatorSave())).json().id;
    await a.post('/api/signatures', creatorSave());
    await b.post('/api/signatures', creatorSave());
    expect((await a.request('DELETE', `/api/signatures/${one}`)).json().message).toBe(m.deleted);
    expect((await a.get('/api/signatures')).json()).toHaveLength(1);
    const cleared = await a.request('PATCH', '/api/signatures/clear-images');
    expect(cleared.json().cleared).toBe(1);
    expect((await a.get('/api/signatures')).json()[0].signatureData).toBe('');
    expect((await a.request('DELETE', '/api/signatures')).json().deleted).toBe(1);
    expect((await a.get('/api/signatures')).json()).toHaveLength(0);
    const bList = (await b.get('/api/signatures')).json();
    expect(bList).toHaveLength(1);
    expect(bList[0].signatureData).not.toBe('');
  });

  test('a panel save (signed in, no consent field) is private and can become the default', async () => {
    const a = await signedIn();
    const first = (await a.post('/api/signatures', { signatureData: png, isDefault: true })).json();
    expect(first).toMatchObject({ isPublic: false, isDefault: true });
    const second = (await a.post('/api/signatures', { signatureData: png, isDefault: true })).json();
    const list = (await a.get('/api/signatures')).json();
    expect(list.filter((s: { isDefault: boolean }) => s.isDefault).map((s: { id: number }) => s.id)).toEqual([
      second.id,
    ]);
  });

  test('a state change without the CSRF header is refused', async () => {
    const a = await signedIn();
    const res = await a.request('DELETE', '/api/signatures', undefined, { csrf: null });
    expect(res.statusCode).toBe(403);
  });
});

describe('expiry', () => {
  test('the purge erases image and personal data of expired anonymous signatures only', async () => {
    const a = await anonymous();
    const anon = (await a.post('/api/signatures', creatorSave({ signerName: 'Temp Person' }))).json();
    const r = await signedIn();
    const kept = (await r.post('/api/signatures', creatorSave({ signerName: 'Kept Person' }))).json();
    ctx.clock.advance(93 * 24 * 60 * 60 * 1000);
    expect(await ctx.app.signatures.purgeExpired()).toBeGreaterThanOrEqual(1);
    const row = await ctx.app.db
      .selectFrom('signatures')
      .selectAll()
      .where('id', '=', anon.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ image_token: null, signer_name: null, additional_data: null });
    const images = ctx.app.db.selectFrom('signature_images').select('signature_id');
    expect(await images.where('signature_id', '=', anon.id).execute()).toEqual([]);
    expect(await images.where('signature_id', '=', kept.id).execute()).toHaveLength(1);
    expect(row.reference_number).toBe(anon.referenceNumber);
    const keptRow = await ctx.app.db
      .selectFrom('signatures')
      .selectAll()
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow();
    expect(keptRow.signer_name).toBe('Kept Person');
  });
});

describe('addMonths', () => {
  test('clamps to the last day of a shorter month', () => {
    expect(new Date(addMonths(Date.parse('2025-11-30T12:00:00Z'), 3)).toISOString()).toBe(
      '2026-02-28T12:00:00.000Z',
    );
    expect(new Date(addMonths(Date.parse('2025-04-14T00:00:00Z'), 3)).toISOString()).toBe(
      '2025-07-14T00:00:00.000Z',
    );
  });
});

describe('saves without an account are limited per network', () => {
  test('over the hourly limit: 429 with Retry-After; a signed-in owner on the same address is not counted', async () => {
    await ctx.app.limitsStore.save({ anonymousSavesPerIpPerHour: 2 });
    try {
      const a = await anonymous();
      for (let i = 0; i < 2; i++)
        expect((await a.post('/api/signatures', creatorSave())).statusCode).toBe(201);
      const refused = await a.post('/api/signatures', creatorSave());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: m.tooManySaves });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const owner = await signedIn();
      owner.ip = a.ip;
      expect((await owner.post('/api/signatures', creatorSave())).statusCode).toBe(201);
    } finally {
      await ctx.app.limitsStore.save({ anonymousSavesPerIpPerHour: 30 });
    }
  });
});
