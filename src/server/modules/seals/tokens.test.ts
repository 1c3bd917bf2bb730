import fc from 'fast-check';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, test } from 'vitest';
import { fromBase32, toBase32 } from '#shared/seals/base32.ts';
import { KeyRing } from '#shared/seals/keys.ts';
import { readLink, sealLink } from '#shared/seals/link.ts';
import {
  DAY_MS,
  decodeSealToken,
  fitSignerLine,
  issueSealToken,
  type SealClaims,
} from '#shared/seals/token.ts';
import { subjectMatches, verifySealedLink } from '#shared/seals/verify.ts';
import { documentVerificationUrl } from '#shared/documents/reference.ts';
import { verificationUrl } from '#shared/signatures/reference.ts';
import { testKey } from '#server/test/seal-keys.ts';

const ORIGIN = 'http://inkproof.test';
const NAME_30 = 'Maximilian Alexander Sommerfel';
const REF_24 = 'SIG-20261123-ABCDEFGHJKL';
const SIGNED_AT = Date.parse('2026-11-23T12:34:56.789Z');
const SUBJECT = 'a3'.repeat(32);

let key: Awaited<ReturnType<typeof testKey>>;
let ring: KeyRing;

beforeAll(async () => {
  key = await testKey();
  ring = await key.ring();
});

function signatureLink(origin = ORIGIN, name = NAME_30, ref = REF_24) {
  return verificationUrl(origin, { id: SIGNED_AT, ref, name, timestamp: new Date(SIGNED_AT).toISOString() });
}

async function sealedSignature(over: Partial<SealClaims> = {}, origin = ORIGIN, k = key) {
  const link = signatureLink(origin);
  const claims: SealClaims = {
    issuer: origin,
    kid: k.jwk.kid,
    kind: 'signature',
    reference: REF_24,
    signerName: NAME_30,
    signedAt: SIGNED_AT,
    expiresAt: SIGNED_AT + 91 * DAY_MS,
    subjectHash: SUBJECT,
    logIndex: 1_000_000,
    ...over,
  };
  return sealLink(link, await issueSealToken(claims, k.sign));
}

async function sealedDocument(names = ['Ada Lovelace', 'Grace Hopper']) {
  const link = documentVerificationUrl(ORIGIN, 'DOC-20261123-ABCDEFGH');
  const token = await issueSealToken(
    {
      issuer: ORIGIN,
      kid: key.jwk.kid,
      kind: 'document',
      reference: 'DOC-20261123-ABCDEFGH',
      signerName: fitSignerLine(names),
      signedAt: SIGNED_AT,
      expiresAt: null,
      subjectHash: SUBJECT,
      logIndex: 7,
    },
    key.sign,
  );
  return sealLink(link, token);
}

const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);
const withToken = (link: string, token: string) => `${link.slice(0, link.indexOf('#'))}#${token}`;

describe('round trip', () => {
  test('a sealed signature link proves everything the seal states', async () => {
    const link = await sealedSignature();
    const result = await verifySealedLink(link, ring);
    expect(result.status).toBe('proven');
    if (result.status !== 'proven') return;
    expect(result.claims).toEqual({
      issuer: ORIGIN,
      kid: key.jwk.kid,
      kind: 'signature',
      reference: REF_24,
      signerName: NAME_30,
      signedAt: SIGNED_AT,
      expiresAt: SIGNED_AT + 91 * DAY_MS,
      subjectHash: SUBJECT.slice(0, 24),
      logIndex: 1_000_000,
    });
    expect(subjectMatches(result.claims, SUBJECT)).toBe(true);
    expect(subjectMatches(result.claims, 'b4'.repeat(32))).toBe(false);
    expect(result.expired).toBe(false);
    expect((await verifySealedLink(link, ring, { now: SIGNED_AT + 92 * DAY_MS })).status).toBe('proven');
    expect(await verifySealedLink(link, ring, { now: SIGNED_AT + 92 * DAY_MS })).toMatchObject({
      expired: true,
    });
  });

  test('the old link format is kept: its query reads as before, the seal sits in the fragment', async () => {
    const plain = signatureLink();
    const sealed = await sealedSignature();
    const [a, b] = [new URL(plain), new URL(sealed)];
    for (const p of ['id', 'ref', 'name', 'timestamp'])
      expect(b.searchParams.get(p)).toBe(a.searchParams.get(p));
    expect(b.pathname).toBe('/verify-signature');
    expect(b.hash.slice(1)).toMatch(/^[A-Z2-7]+$/);
  });

  test('a sealed document link proves its signers, time and the whole hash of the original', async () => {
    const result = await verifySealedLink(await sealedDocument(), ring, { expect: 'document' });
    expect(result).toMatchObject({
      status: 'proven',
      claims: {
        kind: 'document',
        reference: 'DOC-20261123-ABCDEFGH',
        signerName: 'Ada Lovelace, Grace Hopper',
        signedAt: SIGNED_AT,
        expiresAt: null,
        subjectHash: SUBJECT,
        logIndex: 7,
      },
    });
  });

  test('a long signer line is cut to fit, at a character boundary', () => {
    const line = fitSignerLine(Array.from({ length: 12 }, (_, i) => `Zoë Ångström ${i}`));
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(64);
    expect(line.endsWith('…')).toBe(true);
    expect(line.startsWith('Zoë Ångström 0, ')).toBe(true);
  });

  test('base32 round-trips any bytes and refuses what it never writes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = toBase32(bytes);
        expect(text).toMatch(/^[A-Z2-7]*$/);
        expect(fromBase32(text)).toEqual(bytes);
        expect(fromBase32(text.toLowerCase())).toEqual(bytes);
      }),
    );
    expect(fromBase32('A')).toBeNull();
    expect(fromBase32('AB')).toBeNull(); // trailing bits set
    expect(fromBase32('AA=')).toBeNull();
    expect(fromBase32('A1')).toBeNull();
  });
});

describe('size bar: the whole QR content fits version 11 at level M', () => {
  test.each([ORIGIN, 'https://sign.example.com'])(
    '30-character name, 24-character reference, an expiry and log index 1,000,000 at %s',
    async (origin) => {
      const link = await sealedSignature({ issuer: origin }, origin);
      expect((await verifySealedLink(link, ring)).status).toBe('proven');
      const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
      expect(qr.version).toBeLessThanOrEqual(11);
    },
  );

  test('a document link with two signers fits too', async () => {
    expect(QRCode.create(await sealedDocument(), { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(
      11,
    );
  });
});

describe('tampering never proves anything, and says why', () => {
  test('flipping any bit pattern of any byte of the seal', async () => {
    const link = await sealedSignature();
    const bytes = fromBase32(tokenOf(link))!;
    const reasons = new Set<string>();
    for (let i = 0; i < bytes.length; i++) {
      for (const mask of [0x01, 0x04, 0x80, 0xff]) {
        const bad = Uint8Array.from(bytes);
        bad[i]! ^= mask;
        const result = await verifySealedLink(withToken(link, toBase32(bad)), ring);
        expect(result.status, `byte ${i} ^ ${mask}`).toBe('not-proven');
        if (result.status === 'not-proven') reasons.add(result.reason);
      }
    }
    // header, key id, body and signature bytes each fail their own way
    expect([...reasons].sort()).toEqual(
      expect.arrayContaining(['bad-signature', 'malformed', 'unknown-key', 'unsupported']),
    );
  });

  test('every cut of the seal, character by character', async () => {
    const link = await sealedSignature();
    const token = tokenOf(link);
    for (let n = 0; n < token.length; n++) {
      const result = await verifySealedLink(withToken(link, token.slice(0, n)), ring);
      expect(result.status).toBe('not-proven');
      if (result.status === 'not-proven')
        expect(['truncated', 'malformed', 'no-seal']).toContain(result.reason);
    }
    const cut = await verifySealedLink(withToken(link, toBase32(fromBase32(token)!.slice(0, 60))), ring);
    expect(cut).toMatchObject({ status: 'not-proven', reason: 'truncated' });
    const longer = await verifySealedLink(withToken(link, `${token}AA`), ring);
    expect(longer).toMatchObject({ status: 'not-proven', reason: 'malformed' });
  });

  test('a changed link: name, time, reference, issuer, kind', async () => {
    const link = await sealedSignature();
    const edit = (f: (u: URL) => void) => {
      const u = new URL(link);
      f(u);
      return u.toString();
    };
    const cases: [string, string][] = [
      [edit((u) => u.searchParams.set('name', 'Someone Else')), 'bad-signature'],
      [edit((u) => u.searchParams.set('timestamp', '2026-11-24T12:34:56.789Z')), 'bad-signature'],
      [edit((u) => u.searchParams.delete('timestamp')), 'altered'],
      [edit((u) => u.searchParams.set('timestamp', 'yesterday')), 'altered'],
      [edit((u) => u.searchParams.set('ref', 'SIG-20261123-ZZZZZZZZZZZ')), 'bad-signature'],
      [link.replace(ORIGIN, 'http://evil.test'), 'bad-signature'],
      [
        withToken(documentVerificationUrl(ORIGIN, 'DOC-20261123-ABCDEFGH') + '#', tokenOf(link)),
        'wrong-kind',
      ],
    ];
    for (const [changed, reason] of cases) {
      expect(await verifySealedLink(changed, ring), changed).toMatchObject({ status: 'not-proven', reason });
    }
    expect(await verifySealedLink(link, ring, { expect: 'document' })).toMatchObject({
      reason: 'wrong-kind',
    });
    const doc = await sealedDocument();
    expect(await verifySealedLink(doc, ring, { expect: 'signature' })).toMatchObject({
      reason: 'wrong-kind',
    });
  });

  test('a key the verifier does not know, and a key retired before the seal is dated', async () => {
    const link = await sealedSignature();
    const other = await testKey();
    expect(await verifySealedLink(link, await other.ring())).toMatchObject({
      status: 'not-proven',
      reason: 'unknown-key',
      kid: key.jwk.kid,
    });
    const retired = await KeyRing.from([
      { ...key.jwk, exp: Math.floor(SIGNED_AT / 1000) - 60, status: 'retired' },
    ]);
    expect(await verifySealedLink(link, retired)).toMatchObject({
      status: 'not-proven',
      reason: 'expired-key',
    });
    const stillValid = await KeyRing.from([
      { ...key.jwk, exp: Math.floor(SIGNED_AT / 1000) + 60, status: 'retired' },
    ]);
    expect((await verifySealedLink(link, stillValid)).status).toBe('proven');
  });

  test('a key set cannot claim another key’s kid', async () => {
    const other = await testKey();
    const forged = await KeyRing.from([{ ...other.jwk, kid: key.jwk.kid }]);
    expect(forged.size).toBe(0);
    expect(await verifySealedLink(await sealedSignature(), forged)).toMatchObject({ reason: 'unknown-key' });
  });

  test('anything at all: a result, never a throw, never proven', async () => {
    const link = await sealedSignature();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.stringMatching(/^[A-Z2-7]{0,160}$/)), async (junk) => {
        const result = await verifySealedLink(withToken(link, junk), ring);
        expect(result.status).toBe('not-proven');
        const raw = await verifySealedLink(junk, ring);
        expect(raw.status).toBe('not-proven');
      }),
      { numRuns: 300 },
    );
    expect(await verifySealedLink(signatureLink(), ring)).toMatchObject({ reason: 'no-seal' });
    expect(await verifySealedLink('http://inkproof.test/verify-signature', ring)).toMatchObject({
      reason: 'not-a-link',
    });
    expect(decodeSealToken('')).toEqual({ ok: false, reason: 'truncated' });
  });
});

test('the link reader keeps what old readers read', () => {
  const read = readLink(signatureLink());
  expect(read).toMatchObject({ issuer: ORIGIN, kind: 'signature', reference: REF_24, signerName: NAME_30 });
  expect(readLink(`${ORIGIN}/base/verify-signature?document=doc-20261123-abcdefgh`)).toMatchObject({
    issuer: `${ORIGIN}/base`,
    kind: 'document',
    reference: 'DOC-20261123-ABCDEFGH',
  });
});

test('a sealed link verifies with a key ring freshly imported in WebCrypto', async () => {
  const link = await sealedSignature();
  const fresh = await KeyRing.from([key.jwk]);
  expect((await verifySealedLink(link, fresh)).status).toBe('proven');
});

test('the shared seal code uses no Node API, so browsers and the stand-alone verifier can run it', async () => {
  const fs = await import('node:fs');
  const dir = 'src/shared/seals';
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(5);
  for (const f of files) {
    const text = fs.readFileSync(`${dir}/${f}`, 'utf8');
    expect(text, f).not.toMatch(/from 'node:|require\(|\bBuffer\b|\bprocess\.|#server\//);
  }
});
