import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkInclusion } from '#shared/seals/inclusion.ts';
import { KEYS_PATH, KeyRing, type SealKeySet } from '#shared/seals/keys.ts';
import { verifySealedLink } from '#shared/seals/verify.ts';
import type { SealClaims } from '#shared/seals/token.ts';
import { Agent } from '#server/test/agent.ts';
import { signaturePng } from '#server/test/fixtures.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';

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
