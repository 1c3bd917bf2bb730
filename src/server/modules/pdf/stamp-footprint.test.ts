import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { MIN_STAMP_BOX, stampLayout } from '#shared/documents/stamp-layout.ts';
import { SIGNATURE_SVG } from '#server/test/fixtures.ts';
import { allQrs, inkBetween, renderPage, type Box } from '#server/test/documents.ts';
import { createSelfSignedIdentity } from './self-signed.ts';
import { rasterize, type RasterImage } from './image.ts';
import { sign, type SignRequest } from './jobs.ts';
import type { SigningIdentity } from './certificate.ts';
import { stampRecipient, type RecipientField } from './request-jobs.ts';
import { clausesPdf } from '#server/test/pdfs.ts';

/**
 * The verification stamp stays inside the box that was placed: rendered as a 150 dpi scan would
 * see it, a stamped page differs from the original only inside the placed rectangles, on plain,
 * rotated and cropped pages, and every QR code still decodes to its link.
 */

const PAGES = [
  { page: 1, what: 'a plain page' },
  { page: 2, what: 'a page turned by /Rotate 90' },
  { page: 3, what: 'a page cropped by a CropBox smaller than its MediaBox' },
];

/** The link padded with a seal-like fragment to the longest a stamp carries (QR version 11). */
function longestLink(base: string) {
  let link = `${base}#`;
  while (QRCode.create(`${link}A`, { errorCorrectionLevel: 'M' }).version <= 11) link += 'A';
  return link;
}

/** Boxes on every page as displayed (A4 upright, A4 turned, 460 x 670 cropped): one of the smallest, one large. */
const boxes = (page: number): Box[] => [
  { x: 40, y: 120, ...MIN_STAMP_BOX },
  { x: 230, y: page === 3 ? 540 : 400, width: 210, height: 110 },
];

let original: Buffer;
let identity: SigningIdentity;
let image: RasterImage;
beforeAll(async () => {
  original = await clausesPdf();
  identity = await createSelfSignedIdentity('Inkproof footprint test');
  image = await rasterize(await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer(), 'image/png', 600);
});

/** Every page differs from the original only inside `placed`, and carries exactly `links` as QR codes. */
async function expectInsideOnly(stamped: Buffer, placed: Map<number, Box[]>, links: Map<number, string[]>) {
  for (const { page, what } of PAGES) {
    const [before, after] = await Promise.all([
      renderPage(original, page, 150),
      renderPage(stamped, page, 150),
    ]);
    const inside = placed.get(page)!;
    const changed = inkBetween(before, after, inside, { slackPx: 2, threshold: 1 });
    expect(changed.outside, `${what}: pixels changed outside the placed boxes`).toBe(0);
    for (const [i, n] of changed.inside.entries())
      expect(n, `${what}: box ${i} was drawn in`).toBeGreaterThan(0);
    expect((await allQrs(stamped, page, 150)).sort(), what).toEqual([...links.get(page)!].sort());
  }
}

describe('the stamp is printed inside the placed box', () => {
  test('owner signing: plain, rotated and cropped pages', async () => {
    const reference = 'DOC-20250414-FOOTPRNT';
    const verifyUrl = longestLink(`https://inkproof.example/verify-signature?document=${reference}`);
    const placements = PAGES.flatMap(({ page }) => boxes(page).map((rect) => ({ page, rect, image: 0 })));
    const req: SignRequest = {
      pdf: original,
      originalSha256: '0'.repeat(64),
      images: [image],
      placements,
      stamp: { reference, verifyUrl, signedAt: '2025-04-14 10:00 UTC' },
      certificate: {
        documentName: 'Footprint',
        reference,
        verifyUrl,
        checkUrl: 'https://inkproof.example/verify-signature',
        signedAt: '2025-04-14 10:00 UTC',
        signers: [{ name: 'Ann Lee', signatureReference: 'SIG-20250414-0001', pages: [1, 2, 3] }],
        certificateSubject: 'Inkproof footprint test',
      },
      identity,
      signingTime: Date.parse('2025-04-14T10:00:00Z'),
      reason: 'test',
      location: 'inkproof.example',
    };
    const res = await sign(req);
    if (res.kind !== 'ok') throw new Error(`sign answered ${res.kind}`);
    await expectInsideOnly(
      Buffer.from(res.bytes),
      new Map(PAGES.map(({ page }) => [page, boxes(page)])),
      new Map(PAGES.map(({ page }) => [page, [verifyUrl, verifyUrl]])),
    );
    // The answer names each QR square: the one the placement screens show.
    expect(res.stamps).toEqual(placements.map((p) => stampLayout(p.rect).qr));
  }, 120_000);

  test("a recipient's signature fields, with a field right under one of them", async () => {
    const link = (ref: string) =>
      longestLink(`https://inkproof.example/verify-signature?id=12&ref=${ref}&name=Ann%20Lee`);
    const signatures: RecipientField[] = PAGES.flatMap(({ page }) =>
      boxes(page).map((rect, i) => {
        const reference = `SIG-20250414-P${page}B${i}AAAAAAAA`;
        return {
          kind: 'signature' as const,
          page,
          rect,
          image: 0,
          verification: { reference, verifyUrl: link(reference) },
        };
      }),
    );
    const first = signatures[0]!.rect;
    const under: RecipientField = {
      kind: 'name',
      page: 1,
      rect: { x: first.x, y: first.y + first.height + 2, width: first.width, height: 20 },
      text: 'Ann Lee',
    };
    const res = await stampRecipient({
      file: [original],
      images: [image],
      fields: [...signatures, under],
      signerName: 'Ann Lee',
      signedAt: '2025-04-14 10:00 UTC',
    });
    if (res.kind !== 'ok') throw new Error(`stampRecipient answered ${JSON.stringify(res)}`);
    const placed = new Map(PAGES.map(({ page }) => [page, boxes(page)]));
    placed.get(1)!.push(under.rect);
    const links = new Map(
      PAGES.map(({ page }) => [
        page,
        signatures
          .filter((s) => s.page === page)
          .map((s) => (s.kind === 'signature' ? s.verification.verifyUrl : '')),
      ]),
    );
    await expectInsideOnly(Buffer.from(res.bytes), placed, links);
  }, 120_000);
});
