import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, test } from 'vitest';
import { documentVerificationUrl } from '#shared/documents/reference.ts';
import { kidOf, type SealJwk } from '#shared/seals/keys.ts';
import { sealLink } from '#shared/seals/link.ts';
import { sealFailureMessages } from '#shared/seals/messages.ts';
import { DAY_MS, issueSealToken, type SealClaims } from '#shared/seals/token.ts';
import { verificationUrl } from '#shared/signatures/reference.ts';
import { verifierText as t } from './messages.ts';
import { sealedLinksInPdf } from './pdf-links.ts';
import { eofMarkers, findOriginalRevision } from './pdf-revisions.ts';
import { readEmbeddedKeys, verifyLink, verifyPdf, VerifierKeys } from './verify-core.ts';

const ORIGIN = 'https://inkproof.example';
const SIGNED_AT = Date.parse('2026-11-23T12:34:56.000Z');
const DOC_REF = 'DOC-20261123-ABCDEFGH';
const SIG_REF = 'SIG-20261123-ABCDEFGHJKL';

async function makeKey(exp?: number) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pub = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string; y: string };
  const jwk: SealJwk = {
    kty: 'EC',
    crv: 'P-256',
    x: pub.x,
    y: pub.y,
    kid: await kidOf(pub),
    alg: 'ES256',
    use: 'sig',
    nbf: 0,
    ...(exp !== undefined ? { exp } : {}),
    status: exp !== undefined ? 'retired' : 'active',
  };
  return {
    jwk,
    sign: (m: Uint8Array) => crypto.sign('sha256', m, { key: privateKey, dsaEncoding: 'ieee-p1363' }),
  };
}
type Key = Awaited<ReturnType<typeof makeKey>>;

const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

async function documentLink(key: Key, original: Uint8Array, over: Partial<SealClaims> = {}) {
  const claims: SealClaims = {
    issuer: ORIGIN,
    kid: key.jwk.kid,
    kind: 'document',
    reference: DOC_REF,
    signerName: 'Ada Lovelace, Grace Hopper',
    signedAt: SIGNED_AT,
    expiresAt: null,
    subjectHash: sha256(original),
    logIndex: 41,
    ...over,
  };
  return sealLink(documentVerificationUrl(ORIGIN, DOC_REF), await issueSealToken(claims, key.sign));
}

async function signatureLink(key: Key, name = 'Ada Lovelace', over: Partial<SealClaims> = {}) {
  const link = verificationUrl(ORIGIN, {
    id: 7,
    ref: SIG_REF,
    name,
    timestamp: new Date(SIGNED_AT).toISOString(),
  });
  const claims: SealClaims = {
    issuer: ORIGIN,
    kid: key.jwk.kid,
    kind: 'signature',
    reference: SIG_REF,
    signerName: name,
    signedAt: SIGNED_AT,
    expiresAt: SIGNED_AT + 90 * DAY_MS,
    subjectHash: 'ab'.repeat(32),
    logIndex: 12,
    ...over,
  };
  return sealLink(link, await issueSealToken(claims, key.sign));
}

/** A QR code as Inkproof draws it: its dark runs as one filled path of rectangles, one module high. */
function qrOperators(text: string, x: number, y: number, cell: number, flipY = false) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const out = ['1 g', `${x} ${y} ${(n + 2) * cell} ${(n + 2) * cell} re`, 'f', '0 g'];
  for (let row = 0; row < n; row++) {
    const top = flipY ? y + (n - row) * cell : y + (row + 1) * cell;
    for (let col = 0; col < n;) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      const f = (v: number) => String(Math.round(v * 1000) / 1000);
      out.push(`${f(x + (start + 1) * cell)} ${f(top)} ${f((col - start) * cell)} ${f(cell)} re`);
    }
  }
  out.push('f');
  return out.join('\n');
}

async function originalPdf(eol = '\n') {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('The contract');
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  const text = bytes.toString('latin1').replace(/%%EOF\s*$/, `%%EOF${eol}`);
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/** An incremental update appending one Flate content stream (the way signing adds its stamps). */
function appendUpdate(base: Uint8Array, content: string, objectNumber = 90) {
  const data = zlib.deflateSync(Buffer.from(content, 'latin1'));
  const offset = base.length;
  const head = Buffer.from(
    `${objectNumber} 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from(
    `\nendstream\nendobj\nxref\n${objectNumber} 1\n${String(offset).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${objectNumber + 1} >>\nstartxref\n${offset}\n%%EOF\n`,
    'latin1',
  );
  return new Uint8Array(Buffer.concat([base, head, data, tail]));
}

const stampContent = (...links: string[]) =>
  ['q', '1 0 0 -1 0 842 cm', ...links.map((l, i) => qrOperators(l, 40 + i * 150, 700, 1.2)), 'Q'].join('\n');

let key: Key;
let other: Key;
let keys: VerifierKeys;

beforeAll(async () => {
  [key, other] = await Promise.all([makeKey(), makeKey()]);
  keys = await VerifierKeys.from({ issuer: ORIGIN, keySet: { keys: [key.jwk] } });
});

describe('finding the original revision of a PDF', () => {
  test.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
    ['no end of line', ''],
  ])('an original ending %%EOF with %s is revision 1, whatever the update after it', async (_n, eol) => {
    const original = await originalPdf(eol);
    const signed = appendUpdate(appendUpdate(original, 'q Q', 91), 'q Q', 92);
    expect(await findOriginalRevision(signed, sha256(original))).toEqual({
      revision: 1,
      count: 3,
      end: original.length,
    });
  });

  test('a later revision is found at its own boundary', async () => {
    const original = await originalPdf();
    const once = appendUpdate(original, 'q Q');
    const twice = appendUpdate(once, 'q Q', 91);
    expect(await findOriginalRevision(twice, sha256(once))).toEqual({
      revision: 2,
      count: 3,
      end: once.length,
    });
  });

  test('one byte changed in the original part matches nothing', async () => {
    const original = await originalPdf();
    const signed = appendUpdate(original, 'q Q');
    const changed = signed.slice();
    changed[200]! ^= 0x01;
    expect(await findOriginalRevision(changed, sha256(original))).toBeNull();
  });

  test('a file with bytes after its last marker is the whole file', async () => {
    const original = new Uint8Array([...(await originalPdf()), 0x20, 0x20, 0x20, 0x20]);
    expect(await findOriginalRevision(original, sha256(original))).toEqual({
      revision: 1,
      count: 1,
      end: original.length,
    });
    expect(eofMarkers(new Uint8Array([1, 2, 3]))).toEqual([]);
  });
});

describe('a pasted link', () => {
  test('a sealed link verifies with the embedded key and says what it proved and what not', async () => {
    const f = await verifyLink(await signatureLink(key), keys, t.fromPasted);
    expect(f.verdict).toBe('proven');
    expect(f.proved[0]).toBe(
      `Signed by the Inkproof instance at ${ORIGIN} on 2026-11-23 12:34 UTC, key ${key.jwk.kid}.`,
    );
    expect(f.proved).toContain(t.keyEmbedded(key.jwk.kid, ORIGIN));
    expect(f.notChecked).toEqual([t.notRevocation(ORIGIN), t.notLog(12)]);
  });

  test.each([
    [
      'a changed name',
      (l: string) => l.replace('name=Ada', 'name=Eve'),
      sealFailureMessages['bad-signature'],
    ],
    [
      'a changed seal',
      (l: string) => l.replace(/#(..)/, (_m, c: string) => `#${c === 'AA' ? 'BB' : 'AA'}`),
      null,
    ],
    ['a cut seal', (l: string) => l.slice(0, -20), sealFailureMessages.truncated],
    ['no seal', (l: string) => l.replace(/#.*$/, ''), sealFailureMessages['no-seal']],
    ['not a seal alphabet', (l: string) => `${l}!`, sealFailureMessages.malformed],
    ['not a link', () => 'hello there', sealFailureMessages['not-a-link']],
    ['a document seal on a signature link', (l: string) => l, sealFailureMessages['wrong-kind']],
  ])('%s is not proven, with its reason', async (name, change, reason) => {
    const base =
      name === 'a document seal on a signature link'
        ? (await signatureLink(key)).replace(
            /#.*$/,
            `#${(await documentLink(key, new Uint8Array([1]))).split('#')[1]}`,
          )
        : await signatureLink(key);
    const f = await verifyLink(change(base), keys, t.fromPasted);
    expect(f.verdict).toBe('not-proven');
    expect(f.reason).toBeTruthy();
    if (reason) expect(f.reason).toBe(reason);
    expect(f.proved).toEqual([]);
  });

  test('an unknown key is not proven until the user adds its key set', async () => {
    const link = await signatureLink(other);
    const before = await verifyLink(link, keys, t.fromPasted);
    expect(before.reason).toBe(sealFailureMessages['unknown-key']);

    const added = (await keys.withAdded({ keys: [other.jwk, key.jwk] }))!;
    expect(added.kids).toEqual([other.jwk.kid]);
    const after = await verifyLink(link, added.keys, t.fromPasted);
    expect(after.verdict).toBe('proven');
    expect(after.proved).toContain(t.keyAdded(other.jwk.kid, ORIGIN));
    expect(after.proved).not.toContain(t.keyEmbedded(other.jwk.kid, ORIGIN));
  });

  test('a key set naming a key by another key’s id adds nothing; a file without keys is no key set', async () => {
    expect((await keys.withAdded({ keys: [{ ...other.jwk, kid: key.jwk.kid }] }))!.kids).toEqual([]);
    expect(await keys.withAdded({ nope: 1 })).toBeNull();
    expect(await keys.withAdded(null)).toBeNull();
  });

  test('a seal dated after its key was retired is not proven', async () => {
    const retired = await makeKey(SIGNED_AT / 1000 - 60);
    const ring = await VerifierKeys.from({ issuer: ORIGIN, keySet: { keys: [retired.jwk] } });
    const f = await verifyLink(await signatureLink(retired), ring, t.fromPasted);
    expect(f.reason).toBe(sealFailureMessages['expired-key']);
  });

  test('a seal dated before its key was retired is proven and says when the key was retired', async () => {
    const retired = await makeKey(SIGNED_AT / 1000 + 3600);
    const ring = await VerifierKeys.from({ issuer: ORIGIN, keySet: { keys: [retired.jwk] } });
    const f = await verifyLink(await signatureLink(retired), ring, t.fromPasted);
    expect(f.verdict).toBe('proven');
    expect(f.proved).toContain(t.keyRetired('2026-11-23 13:34 UTC'));
  });

  test('embedded keys are read back; anything else gives no keys', () => {
    expect(readEmbeddedKeys(JSON.stringify({ issuer: ORIGIN, keySet: { keys: [] } }))).toEqual({
      issuer: ORIGIN,
      keySet: { keys: [] },
    });
    for (const bad of ['__KEYS__', '', null, '{"issuer":1}', '[]']) expect(readEmbeddedKeys(bad)).toBeNull();
  });
});

describe('a signed PDF', () => {
  test('its stamp QR code is read back, the seal proven and the original revision named', async () => {
    const original = await originalPdf();
    const link = await documentLink(key, original);
    const signed = appendUpdate(appendUpdate(original, stampContent(link)), 'q Q', 91);
    expect(await sealedLinksInPdf(signed)).toEqual([{ link, from: 'qr' }]);

    const report = await verifyPdf(signed, keys);
    expect(report.verdict).toBe('proven');
    const [f] = report.findings;
    expect(f!.proved).toContain(t.originalFound(1, 3, original.length, sha256(original)));
    // The same words for the same range as the PDF's audit and certificate pages.
    expect(f!.proved.join('\n')).toContain(`(bytes 0 to ${original.length - 1})`);
    expect(f!.proved).toContain(t.laterRevisions(2, 3));
    expect(f!.notChecked).toContain(t.notLaterRevisions);
  });

  test('a QR code drawn bottom-up (the certificate page) and a signer’s seal are both read', async () => {
    const original = await originalPdf();
    const doc = await documentLink(key, original);
    const sig = await signatureLink(key);
    const content = ['q', qrOperators(doc, 300, 100, 1.5, true), 'Q', stampContent(sig)].join('\n');
    const report = await verifyPdf(appendUpdate(original, content), keys);
    expect(report.verdict).toBe('proven');
    expect(
      report.findings.map((f) => f.verification?.status === 'proven' && f.verification.claims.kind),
    ).toEqual(['document', 'signature']);
    expect(report.findings[1]!.proved).toContain(t.signerSeal);
  });

  test('one byte changed in the original part: not proven, no revision matches', async () => {
    const original = await originalPdf();
    const signed = appendUpdate(original, stampContent(await documentLink(key, original)));
    signed[300] = signed[300] === 0x41 ? 0x42 : 0x41;
    const report = await verifyPdf(signed, keys);
    expect(report.verdict).toBe('not-proven');
    expect(report.reason).toBe(t.noOriginal);
  });

  test('a seal made by an unknown key: not proven, naming the key', async () => {
    const original = await originalPdf();
    const report = await verifyPdf(
      appendUpdate(original, stampContent(await documentLink(other, original))),
      keys,
    );
    expect(report.verdict).toBe('not-proven');
    expect(report.reason).toBe(sealFailureMessages['unknown-key']);
  });

  test('a PDF without a sealed link, garbage and an empty PDF header are not proven', async () => {
    expect((await verifyPdf(await originalPdf(), keys)).reason).toBe(t.noLinkInPdf);
    expect((await verifyPdf(crypto.randomBytes(5000), keys)).reason).toBe(t.unreadableFile);
    const junk = new Uint8Array(
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Filter /FlateDecode >>\nstream\nxxxx\nendstream\n'),
    );
    expect((await verifyPdf(junk, keys)).reason).toBe(t.noLinkInPdf);
  });

  test('only signers’ seals: the signatures are proven, the file is not', async () => {
    const original = await originalPdf();
    const report = await verifyPdf(appendUpdate(original, stampContent(await signatureLink(key))), keys);
    expect(report.verdict).toBe('not-proven');
    expect(report.reason).toBe(t.noDocumentSeal);
    expect(report.findings[0]!.verdict).toBe('proven');
  });
});
