import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkInclusion } from '#shared/seals/inclusion.ts';
import { KEYS_PATH, KeyRing, type SealKeySet } from '#shared/seals/keys.ts';
import { verifySealedLink } from '#shared/seals/verify.ts';
import type { SealClaims } from '#shared/seals/token.ts';
import { Agent } from '#server/test/agent.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { getBytes, readQr, upload } from '#server/test/documents.ts';
import { simplePdf } from '#server/test/pdfs.ts';

let ctx: TestContext;
let ring: KeyRing;
let claims: SealClaims;

/** What a browser does: GETs the issuer's public log endpoints (here through inject). */
const get = async (path: string) => {
  const res = await ctx.app.inject(path);
  if (res.statusCode !== 200) throw new Error(String(res.statusCode));
  return res.json();
};

beforeAll(async () => {
  ctx = await testApp();
  ring = await KeyRing.from((await ctx.app.inject(KEYS_PATH)).json<SealKeySet>());
  const a = new Agent(ctx.app);
  a.ip = '198.18.9.1';
  await a.get('/api/csrf');
  const res = await a.post('/api/signatures', {
    signatureData: await signaturePng(),
    signerName: 'Ada Lovelace',
    consent: true,
  });
  const proven = await verifySealedLink(res.json().qrCodeData, ring);
  if (proven.status !== 'proven') throw new Error(`seal not proven: ${JSON.stringify(proven)}`);
  claims = proven.claims;
});
afterAll(() => ctx.close());

describe('the verification page’s log check', () => {
  test('a fresh seal is pending until a head covers it, then included', async () => {
    // Heads are signed on a timer: one that predates the leaf says so instead of failing.
    const before = await checkInclusion(claims, ring, async (path) =>
      path === '/api/log/sth'
        ? { ...(await get(path)), treeSize: claims.logIndex, rootHash: '00'.repeat(32) }
        : get(path),
    );
    expect(before.status).toMatch(/pending|not-included/);
    await ctx.app.seals.log.flush();
    await ctx.app.seals.log.publishHead();
    const after = await checkInclusion(claims, ring, get);
    expect(after).toMatchObject({ status: 'included', index: claims.logIndex, event: 'signature.issued' });
  });

  test('another item’s claims at the same index are refused as a mismatch', async () => {
    const other = { ...claims, reference: 'SIG-20260101-ZZZZ' };
    expect(await checkInclusion(other, ring, get)).toEqual({ status: 'not-included', reason: 'mismatch' });
    const otherSubject = { ...claims, subjectHash: 'ff'.repeat(12) };
    expect(await checkInclusion(otherSubject, ring, get)).toMatchObject({ reason: 'mismatch' });
  });

  test('a proof that does not reach the signed root, or a forged head, is caught', async () => {
    const badProof = await checkInclusion(claims, ring, async (path) => {
      const body = await get(path);
      if (path.startsWith('/api/log/entries'))
        return {
          ...body,
          entries: [{ ...body.entries[0], entry: body.entries[0].entry.replace('"v":1', '"v":1 ') }],
        };
      return body;
    });
    expect(badProof).toMatchObject({ status: 'not-included', reason: 'proof' });
    const forged = await checkInclusion(claims, ring, async (path) =>
      path === '/api/log/sth' ? { ...(await get(path)), rootHash: 'ab'.repeat(32) } : get(path),
    );
    expect(forged).toEqual({ status: 'not-included', reason: 'head' });
  });

  test('a network failure is unavailable, never a crash', async () => {
    expect(
      await checkInclusion(claims, ring, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ status: 'unavailable' });
  });
});

describe('a document looked up by its reference alone', () => {
  test('answers with the sealed link its QR codes carry, whose log entry is included', async () => {
    const a = new Agent(ctx.app);
    a.ip = '198.18.9.2';
    const reg = await a.register(`doc-log-${Date.now()}@example.com`, 'Str0ng!Pass', { name: 'Dora Log' });
    expect(reg.statusCode).toBe(201);
    const sig = await a.post('/api/signatures', {
      signatureData: await signaturePng(),
      signerName: 'Dora Log',
    });
    expect(sig.statusCode).toBe(201);
    const original = await simplePdf(1);
    const up = await upload(ctx.app, a, { name: 'Logged' }, { filename: 'logged.pdf', bytes: original });
    const signed = await a.post(`/api/documents/${up.json().id}/sign`, {
      signatures: [
        { signatureId: sig.json().id, position: { page: 1, x: 100, y: 100, width: 200, height: 100 } },
      ],
    });
    expect(signed.statusCode).toBe(200);
    const reference = signed.json().document.reference as string;

    const visitor = new Agent(ctx.app);
    visitor.ip = '198.18.9.3';
    const found = (await visitor.get(`/api/documents/reference/${reference}`)).json();
    const pdf = await getBytes(ctx.app, a, `/api/documents/${up.json().id}/download`);
    // the same seal as the stamp on the page: stored, not issued again
    expect(await readQr(pdf.bytes, 1, signed.json().stamps[0], 150)).toBe(found.sealedLink);

    const proven = await verifySealedLink(found.sealedLink, ring, { expect: 'document' });
    if (proven.status !== 'proven') throw new Error(`seal not proven: ${JSON.stringify(proven)}`);
    expect(proven.claims).toMatchObject({
      reference,
      subjectHash: crypto.createHash('sha256').update(original).digest('hex'),
    });
    await ctx.app.seals.log.flush();
    await ctx.app.seals.log.publishHead();
    expect(await checkInclusion(proven.claims, ring, get)).toMatchObject({
      status: 'included',
      index: proven.claims.logIndex,
      event: 'document.signed',
    });
    // check-hash answers carry it too
    await visitor.get('/api/csrf');
    const byHash = await visitor.post('/api/documents/check-hash', {
      sha256: crypto.createHash('sha256').update(pdf.bytes).digest('hex'),
    });
    expect(byHash.json().sealedLink).toBe(found.sealedLink);
  });
});
