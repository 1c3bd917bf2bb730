import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { MIN_STAMP_BOX, stampLayout } from '#shared/documents/stamp-layout.ts';
import { Agent } from '#server/test/agent.ts';
import { signatureSvgDataUrl } from '#server/test/fixtures.ts';
import { TEST_ORIGIN, testApp, type TestContext } from '#server/test/test-app.ts';
import QRCode from 'qrcode';
import { awkwardPdf, simplePdf } from '#server/test/pdfs.ts';
import { verifyWithInstance } from '#server/test/seal-keys.ts';
import {
  getBytes,
  inkBetween,
  pdfsig,
  pdftotext,
  quadrantPng,
  readQr,
  allQrs,
  renderPage,
  upload,
  type Box,
} from '#server/test/documents.ts';

let ctx: TestContext;
let quadrant: string;
let n = 0;
beforeAll(async () => {
  ctx = await testApp();
  quadrant = await quadrantPng();
});
afterAll(() => ctx.close());

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function signedIn(name = 'Jane Signer') {
  const a = new Agent(ctx.app);
  a.ip = `198.51.101.${++n}`;
  const res = await a.register(`sign${++n}-${Date.now()}@example.com`, 'Str0ng!Pass', { name });
  expect(res.statusCode).toBe(201);
  return a;
}
async function saveSignature(a: Agent, signatureData = quadrant, signerName = 'Jane Signer') {
  const res = await a.post('/api/signatures', { signatureData, signerName, isDefault: false });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; referenceNumber: string };
}
async function uploaded(a: Agent, bytes: Buffer, name = 'Contract') {
  const res = await upload(ctx.app, a, { name }, { filename: 'contract.pdf', bytes });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}
const at = (page: number, x: number, y: number, width = 200, height = 100) => ({ page, x, y, width, height });

describe('placing signatures', () => {
  test('ink lands exactly in the placed rectangles, upright, on rotated pages and offset boxes', async () => {
    const a = await signedIn();
    const png = await saveSignature(a);
    const svg = await saveSignature(
      a,
      signatureSvgDataUrl(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="200" height="100" fill="#000"/></svg>',
      ),
    );
    const original = await awkwardPdf();
    const doc = await uploaded(a, original, 'Awkward pages');
    // Page 1: /Rotate 90 and MediaBox (100,200) inherited, offset CropBox. 2: /Rotate 270 and a
    // negative origin. 3: /Rotate 180. 4: plain. Positions are in points of the page as shown.
    const placements = [
      { signatureId: png.id, position: at(1, 40, 30) },
      { signatureId: svg.id, position: at(1, 420, 300, 160, 80) },
      { signatureId: png.id, position: at(2, 300, 500) },
      { signatureId: png.id, position: at(3, 250, 20) },
      { signatureId: svg.id, position: at(4, 60, 600) },
    ];
    const res = await a.post(`/api/documents/${doc.id}/sign`, { signatures: placements });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(m.signedOk);
    expect(body.document).toMatchObject({
      status: 'signed',
      reference: expect.stringMatching(/^DOC-\d{8}-[A-Z0-9]{8}$/),
    });
    expect(body.stamps).toHaveLength(5);

    const signed = (await getBytes(ctx.app, a, `/api/documents/${doc.id}/download`)).bytes;
    for (const page of [1, 2, 3, 4]) {
      const [before, after] = await Promise.all([renderPage(original, page), renderPage(signed, page)]);
      const mine = placements
        .map((p, i) => ({ p: p.position, stamp: body.stamps[i] as Box }))
        .filter((x) => x.p.page === page);
      // Each image's ink is its top-left quadrant, the image fitted into its part of the placed box
      // (the stamp takes the rest): the quadrant must be inked, the rest of the image must not be,
      // and nothing may change outside the placed rectangles.
      const boxes: Box[] = [];
      for (const { p: placed } of mine) {
        const p = stampLayout(placed).image;
        const scale = Math.min(p.width / 400, p.height / 200);
        const w = 400 * scale;
        const h = 200 * scale;
        const x = p.x + (p.width - w) / 2;
        const y = p.y + (p.height - h) / 2;
        boxes.push({ x: x + 2, y: y + 2, width: w / 2 - 4, height: h / 2 - 4 }); // inked quadrant
        boxes.push({ x: x + w / 2 + 3, y: y + h / 2 + 3, width: w / 2 - 6, height: h / 2 - 6 }); // blank quadrant
      }
      const ink = inkBetween(before, after, [...boxes, ...mine.map((x) => x.stamp), ...mine.map((x) => x.p)]);
      mine.forEach((_, i) => {
        const quadrantArea = (boxes[2 * i]!.width * boxes[2 * i]!.height * (50 / 72) ** 2) | 0;
        expect(ink.inside[2 * i], `page ${page}: the inked quadrant`).toBeGreaterThan(quadrantArea * 0.9);
        expect(ink.inside[2 * i + 1], `page ${page}: the opposite quadrant`).toBe(0);
        expect(ink.inside[boxes.length + i], `page ${page}: the QR stamp`).toBeGreaterThan(50);
      });
      expect(ink.outside, `page ${page}: ink outside the placed rectangles`).toBe(0);
    }

    // Every stamp's QR, read from the page rendered at 150 dpi (rotated pages too), is the sealed
    // link, and its modules stay at least 0.4 mm (1.134 pt) on paper.
    const reference = body.document.reference as string;
    for (const page of [1, 2, 3, 4]) {
      const found = await allQrs(signed, page);
      const expected = placements.filter((p) => p.position.page === page).length;
      expect(found, `page ${page}`).toHaveLength(expected);
      for (const link of found) {
        expect(link.startsWith(`${TEST_ORIGIN}/verify-signature?document=${reference}#`)).toBe(true);
        const proven = await verifyWithInstance(ctx.app, link, 'document');
        expect(proven).toMatchObject({
          status: 'proven',
          claims: { reference, signerName: expect.stringContaining('Jane Signer') },
        });
        const modules = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules.size + 2;
        for (const stamp of body.stamps as Box[])
          expect(stamp.height / modules).toBeGreaterThanOrEqual((72 * 0.4) / 25.4);
      }
    }
  });

  test('the signed PDF keeps the original as its first bytes, carries a valid PAdES signature and a certificate page', async () => {
    const a = await signedIn('Maria Lopez');
    const sig = await saveSignature(a, quadrant, 'María López');
    const original = await simplePdf(2);
    const doc = await uploaded(a, original, 'Lease 7');
    const res = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [
        { signatureId: sig.id, position: at(1, 100, 100) },
        { signatureId: sig.id, position: at(2, 100, 600) },
        { signatureId: sig.id, position: at(2, 300, 300, 160, 80) },
      ],
    });
    expect(res.statusCode).toBe(200);
    const reference = res.json().document.reference as string;

    const signed = (await getBytes(ctx.app, a, `/api/documents/${doc.id}/download`)).bytes;
    expect(signed.subarray(0, original.length).equals(original)).toBe(true);
    const report = await pdfsig(signed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ETSI.CAdES.detached');

    const detail = (await a.get(`/api/documents/${doc.id}`)).json();
    expect(detail.signedSha256).toBe(sha(signed));
    expect(detail.sha256).toBe(sha(original));
    expect(detail.signatures).toHaveLength(3);
    expect(detail.signatures[0]).toMatchObject({
      signerName: 'María López',
      signatureReference: sig.referenceNumber,
    });

    const certificate = await pdftotext(signed, 3);
    expect(certificate).toContain('Signing certificate');
    expect(certificate).toContain(reference);
    expect(certificate).toContain('Lease 7');
    expect(certificate).toContain('María López');
    expect(certificate).toContain(sha(original));
    expect(certificate).toContain(`bytes 0 to ${original.length - 1}`);
    const stamped = /bytes 0 to (\d+) of this file\):\s+([0-9a-f]{64})/.exec(
      certificate.split('Signed pages')[1]!,
    )!;
    expect(sha(signed.subarray(0, Number(stamped[1]) + 1))).toBe(stamped[2]);
    expect(await pdftotext(signed, 1)).toContain(reference);
    const verifyUrl = `${TEST_ORIGIN}/verify-signature?document=${reference}`;
    const sealed = await readQr(signed, 1, res.json().stamps[0], 150);
    expect(sealed?.split('#')[0]).toBe(verifyUrl);
    // The stamp and the certificate page carry the same seal; it names the original file.
    expect(await readQr(signed, 3, { x: 400, y: 40, width: 150, height: 120 }, 150)).toBe(sealed);
    const proven = await verifyWithInstance(ctx.app, sealed!, 'document');
    expect(proven).toMatchObject({ status: 'proven', claims: { reference, subjectHash: sha(original) } });
    expect(certificate).toContain(verifyUrl);
    expect(certificate).not.toContain('#');

    const file = await getBytes(ctx.app, a, `/api/documents/${doc.id}/file`);
    expect(file.bytes.equals(original)).toBe(true);
    expect(
      (
        await a.post(`/api/documents/${doc.id}/sign`, {
          signatures: [{ signatureId: sig.id, position: at(1, 0, 0) }],
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('refused placements', () => {
  test("another user's signature cannot be placed, and the document stays pending", async () => {
    const owner = await signedIn();
    const doc = await uploaded(owner, await simplePdf(1));
    const stranger = await signedIn();
    const theirs = await saveSignature(stranger);
    const res = await owner.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: theirs.id, position: at(1, 10, 10) }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.signatureNotYours);
    expect((await owner.get(`/api/documents/${doc.id}`)).json()).toMatchObject({
      status: 'pending',
      signedAt: null,
    });
  });

  test('a revoked signature or one without an image is refused', async () => {
    const a = await signedIn();
    const doc = await uploaded(a, await simplePdf(1));
    const revoked = await saveSignature(a);
    await a.request('PATCH', `/api/signatures/${revoked.id}/revoke`);
    const r1 = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: revoked.id, position: at(1, 10, 10) }],
    });
    expect(r1.json().message).toBe(m.signatureRevoked);
    const blank = await saveSignature(a, '');
    const r2 = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: blank.id, position: at(1, 10, 10) }],
    });
    expect(r2.json().message).toBe(m.signatureNoImage);
  });

  test.each([
    ['on a page that does not exist', at(3, 10, 10), m.pageMissing(3, 2)],
    ['past the right edge', at(1, 500, 10), m.offPage(1, 595.28, 841.89)],
    ['past the bottom edge', at(2, 10, 800), m.offPage(2, 595.28, 841.89)],
    ['at a negative position', at(1, -20, 10), m.offPage(1, 595.28, 841.89)],
  ])('a signature %s is refused with 400', async (_label, position, message) => {
    const a = await signedIn();
    const sig = await saveSignature(a);
    const doc = await uploaded(a, await simplePdf(2));
    const res = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: sig.id, position }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await a.get(`/api/documents/${doc.id}`)).json().status).toBe('pending');
  });

  test.each([
    ['too low for the QR code', at(1, 10, 10, 300, MIN_STAMP_BOX.height - 1)],
    ['too narrow beside the QR code', at(1, 10, 10, MIN_STAMP_BOX.width - 1, 200)],
  ])('a signature box %s to scan is refused with 400, saying the smallest size', async (_label, position) => {
    const a = await signedIn();
    const sig = await saveSignature(a);
    const doc = await uploaded(a, await simplePdf(1));
    const res = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [
        { signatureId: sig.id, position: at(1, 300, 500, MIN_STAMP_BOX.width, MIN_STAMP_BOX.height) },
        { signatureId: sig.id, position },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.signatureTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height));
    expect(res.json().issues[0].path).toBe('signatures.1.position');
    expect((await a.get(`/api/documents/${doc.id}`)).json().status).toBe('pending');
  });

  test('the landscape size of a rotated page is what counts', async () => {
    const a = await signedIn();
    const sig = await saveSignature(a);
    const doc = await uploaded(a, await awkwardPdf());
    // Page 1 shows 692 x 512 points (its CropBox turned by /Rotate 90): x 600 fits, y 450 does not.
    const res = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: sig.id, position: at(1, 480, 450, 200, 100) }],
    });
    expect(res.json().message).toBe(m.offPage(1, 692, 512));
  });

  test('malformed bodies are refused with 400, never 500', async () => {
    const a = await signedIn();
    const sig = await saveSignature(a);
    const doc = await uploaded(a, await simplePdf(1));
    for (const body of [
      {},
      { signatures: [] },
      { signatures: [{ signatureId: sig.id }] },
      { signatures: [{ signatureId: sig.id, position: { x: 'a', y: 0, width: 10, height: 10, page: 1 } }] },
      { signatures: [{ signatureId: sig.id, position: { x: 0, y: 0, width: 0, height: 10, page: 1 } }] },
      { signatures: [{ signatureId: sig.id, position: { x: 0, y: 0, width: 10, height: 10, page: 0 } }] },
    ]) {
      const res = await a.post(`/api/documents/${doc.id}/sign`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await a.post(`/api/documents/${doc.id}/sign`, { signatures: [] })).json().message).toBe(
      m.noSignaturesPlaced,
    );
  });
});

describe('checking a document', () => {
  test('the signed file and its original are recognised; a changed copy and unsigned uploads are not', async () => {
    const a = await signedIn('Sam Check');
    const sig = await saveSignature(a, quadrant, 'Sam Check');
    const original = await simplePdf(1);
    const doc = await uploaded(a, original, 'Checked deal');
    const unsigned = await simplePdf(3);
    await uploaded(a, unsigned, 'Private draft');
    const signedRes = await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: sig.id, position: at(1, 50, 50) }],
    });
    const reference = signedRes.json().document.reference;
    const signed = (await getBytes(ctx.app, a, `/api/documents/${doc.id}/download`)).bytes;

    const visitor = new Agent(ctx.app);
    visitor.ip = '203.0.113.77';
    await visitor.get('/api/csrf');
    const hit = await visitor.post('/api/documents/check-hash', { sha256: sha(signed).toUpperCase() });
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual({
      match: 'signed',
      reference,
      name: 'Checked deal',
      signers: [{ name: 'Sam Check', signedAt: expect.any(String) }],
      signedAt: expect.any(String),
      originalSha256: sha(original),
      signedSha256: sha(signed),
      sealedLink: expect.stringMatching(
        new RegExp(`^${TEST_ORIGIN}/verify-signature\\?document=${reference}#[A-Z2-7]+$`),
      ),
    });
    expect((await visitor.post('/api/documents/check-hash', { sha256: sha(original) })).json().match).toBe(
      'original',
    );

    const changed = Buffer.from(signed);
    const middle = Math.floor(changed.length / 2);
    changed.writeUInt8(changed.readUInt8(middle) ^ 0x01, middle);
    const miss = await visitor.post('/api/documents/check-hash', { sha256: sha(changed) });
    expect(miss.statusCode).toBe(404);
    expect(miss.json().message).toBe(m.hashNoMatch);
    expect((await visitor.post('/api/documents/check-hash', { sha256: sha(unsigned) })).statusCode).toBe(404);
    expect((await visitor.post('/api/documents/check-hash', { sha256: 'abc' })).statusCode).toBe(400);

    const byRef = await visitor.get(`/api/documents/reference/${reference.toLowerCase()}`);
    expect(byRef.statusCode).toBe(200);
    expect(byRef.json()).toMatchObject({ match: 'reference', reference, name: 'Checked deal' });
    expect((await visitor.get('/api/documents/reference/DOC-20250101-ZZZZZZZZ')).statusCode).toBe(404);
    expect(
      new URL(`${TEST_ORIGIN}/verify-signature?document=${reference}`).searchParams.get('document'),
    ).toBe(reference);
  });

  test('checks are limited per IP', async () => {
    const visitor = new Agent(ctx.app);
    visitor.ip = '203.0.113.78';
    await visitor.get('/api/csrf');
    let last;
    for (let i = 0; i < 61; i++)
      last = await visitor.post('/api/documents/check-hash', { sha256: '0'.repeat(64) });
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeTruthy();
    expect(last!.json().message).toBe(m.tooManyChecks);
  });

  test('a shared signed document serves its signed version to anyone with the link', async () => {
    const a = await signedIn();
    const sig = await saveSignature(a);
    const doc = await uploaded(a, await simplePdf(1), 'Shared signed');
    await a.post(`/api/documents/${doc.id}/sign`, {
      signatures: [{ signatureId: sig.id, position: at(1, 50, 50) }],
    });
    const token = (await a.post(`/api/documents/${doc.id}/share`)).json().shareLink.split('/shared/')[1];
    const meta = (await getBytes(ctx.app, null, `/api/shared/${token}`)).json();
    expect(meta).toMatchObject({ status: 'signed', signers: ['Jane Signer'] });
    const file = (await getBytes(ctx.app, null, `/api/shared/${token}/file`)).bytes;
    expect(sha(file)).toBe((await a.get(`/api/documents/${doc.id}`)).json().signedSha256);
    expect((await a.get('/api/documents')).json()[0]).toMatchObject({ status: 'signed', shared: true });
  });
});
