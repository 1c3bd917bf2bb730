import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SIGNATURE_SVG } from '#server/test/fixtures.ts';
import { pdfsig, pdftotext, readQr, tempDir } from '#server/test/documents.ts';
import { auditEventLabels } from '#shared/requests/messages.ts';
import type { SigningIdentity } from './certificate.ts';
import { createSelfSignedIdentity } from './self-signed.ts';
import { rasterize, type RasterImage } from './image.ts';
import { PdfPool } from './pdf-pool.ts';
import {
  completeRequest,
  pageSizes,
  type AuditEvent,
  type CompleteRequestInput,
  type RecipientField,
  type StampRecipientInput,
} from './request-jobs.ts';
import { awkwardPdf, LETTER, simplePdf } from '#server/test/pdfs.ts';

const run = promisify(execFile);
const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const isPrefix = (whole: Uint8Array, part: Uint8Array) =>
  Buffer.from(whole).subarray(0, part.length).equals(Buffer.from(part));

async function withFile<T>(bytes: Uint8Array, work: (file: string) => Promise<T>): Promise<T> {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, bytes);
    return await work(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`: exit status 0 and no warnings. */
const qpdfCheck = (bytes: Uint8Array) =>
  withFile(bytes, async (file) => {
    const { stdout } = await run('qpdf', ['--check', file]);
    return stdout;
  });

/** Page sizes in points as pdfinfo reports them. */
const pdfinfoSizes = (bytes: Uint8Array) =>
  withFile(bytes, async (file) => {
    const { stdout } = await run('pdfinfo', ['-f', '1', '-l', '9999', file]);
    return [...stdout.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
  });

const VERIFY = (ref: string) =>
  `https://inkproof.example/verify-signature?id=12&ref=${ref}&name=Ann%20Lee&timestamp=2025-04-14T10%3A00%3A00.000Z`;

let identity: SigningIdentity;
let signature: RasterImage;
let initials: RasterImage;
let pool: PdfPool;
beforeAll(async () => {
  identity = await createSelfSignedIdentity('Inkproof request test');
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  signature = await rasterize(png, 'image/png', 600);
  initials = await rasterize(png, 'image/png', 200);
  pool = new PdfPool({ size: 1 });
});
afterAll(() => pool.close());

function stampInput(pdf: Uint8Array, fields: RecipientField[], signerName = 'Ann Lee'): StampRecipientInput {
  return { file: [pdf], images: [signature, initials], fields, signerName, signedAt: '2025-04-14 10:00 UTC' };
}

const sig = (page: number, x: number, y: number, ref: string): RecipientField => ({
  kind: 'signature',
  page,
  rect: { x, y, width: 180, height: 80 },
  image: 0,
  verification: { reference: ref, verifyUrl: VERIFY(ref) },
});

async function stampOk(input: StampRecipientInput) {
  const res = await pool.run('stampRecipient', input);
  if (res.kind !== 'ok') throw new Error(`stampRecipient answered ${JSON.stringify(res)}`);
  return res;
}

const events = (n = 0): AuditEvent[] => [
  {
    at: '2025-04-10T08:00:00.000Z',
    kind: 'created',
    actor: 'Owen Owner',
    ip: '198.51.100.7',
    userAgent: 'Firefox/140',
  },
  {
    at: '2025-04-10T08:00:01.000Z',
    kind: 'sent',
    actor: 'System',
    ip: null,
    userAgent: null,
    detail: 'to ann@example.com',
  },
  {
    at: '2025-04-11T09:30:00.000Z',
    kind: 'opened',
    actor: 'Ann Lee <ann@example.com>',
    ip: '203.0.113.5',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
  },
  {
    at: '2025-04-11T09:31:12.000Z',
    kind: 'code-verified',
    actor: 'Ann Lee <ann@example.com>',
    ip: '203.0.113.5',
    userAgent: 'Mobile Safari',
  },
  {
    at: '2025-04-11T09:33:40.000Z',
    kind: 'signed',
    actor: 'Ann Lee <ann@example.com>',
    ip: '203.0.113.5',
    userAgent: 'Mobile Safari',
  },
  {
    at: '2025-04-12T07:00:00.000Z',
    kind: 'reminded',
    actor: 'System',
    ip: null,
    userAgent: null,
    detail: 'to bob@example.com',
  },
  ...Array.from({ length: n }, (_, i) => ({
    at: new Date(Date.UTC(2025, 3, 12, 8, i)).toISOString(),
    kind: 'opened',
    actor: `Bob Roe <bob@example.com>`,
    ip: `2001:db8::${i.toString(16)}`,
    userAgent: `Agent ${i} `.repeat(12),
  })),
  {
    at: '2025-04-13T16:45:09.000Z',
    kind: 'signed',
    actor: 'Bob Roe <bob@example.com>',
    ip: '192.0.2.44',
    userAgent: 'Chrome/141',
  },
  { at: '2025-04-13T16:45:10.000Z', kind: 'completed', actor: 'System', ip: null, userAgent: null },
];

function completeInput(
  pdf: Uint8Array,
  original: Uint8Array,
  revisions: Uint8Array[],
  n = 0,
): CompleteRequestInput {
  return {
    file: [pdf],
    documentName: 'Lease agreement',
    requestId: '42',
    reference: 'DOC-20250413-ABCDEFGH',
    verifyUrl: 'https://inkproof.example/verify-signature?document=DOC-20250413-ABCDEFGH',
    checkUrl: 'https://inkproof.example/verify-signature',
    events: events(n),
    original: { sha256: sha(original), length: original.length },
    revisions: revisions.map((r, i) => ({
      sha256: sha(r),
      length: r.length,
      label: `Signed by ${['Ann Lee', 'Bob Roe'][i]}`,
    })),
    certificateSubject: 'Inkproof request test',
    identity,
    signingTime: Date.parse('2025-04-13T16:45:10Z'),
    reason: 'Signed with Inkproof, reference DOC-20250413-ABCDEFGH',
    location: 'inkproof.example',
  };
}

describe('two signers, one after the other, then completion', () => {
  let original: Buffer;
  let first: Awaited<ReturnType<typeof stampOk>>;
  let second: Awaited<ReturnType<typeof stampOk>>;
  let sealed: Buffer;
  let auditPages: number[];

  beforeAll(async () => {
    original = await simplePdf(2);
    first = await stampOk(
      stampInput(original, [
        sig(1, 60, 120, 'SIG-20250411-AAAAAAAAAAAA'),
        { kind: 'name', page: 1, rect: { x: 60, y: 260, width: 200, height: 20 }, text: 'Ann Lee' },
        { kind: 'date', page: 1, rect: { x: 300, y: 260, width: 100, height: 20 }, text: '2025-04-11' },
        { kind: 'checkbox', page: 1, rect: { x: 60, y: 300, width: 14, height: 14 }, checked: true },
        {
          kind: 'text',
          page: 2,
          rect: { x: 60, y: 100, width: 220, height: 60 },
          text: 'I agree to the terms of clause 7, amended as discussed on the phone on Friday.',
        },
        { kind: 'initials', page: 2, rect: { x: 500, y: 780, width: 50, height: 30 }, image: 1 },
      ]),
    );
    second = await stampOk(
      stampInput(
        first.bytes,
        [
          sig(2, 300, 400, 'SIG-20250413-BBBBBBBBBBBB'),
          { kind: 'name', page: 2, rect: { x: 300, y: 520, width: 200, height: 24 }, text: 'דוד כהן' },
        ],
        'Bob Roe',
      ),
    );
    const done = await pool.run(
      'completeRequest',
      completeInput(second.bytes, original, [first.bytes, second.bytes]),
    );
    if (done.kind !== 'ok') throw new Error(`completeRequest answered ${JSON.stringify(done)}`);
    sealed = Buffer.from(done.bytes);
    auditPages = done.auditPages;
    expect(done.sha256).toBe(sha(sealed));
    expect(done.pageCount).toBe(3);
  });

  test('each revision passes qpdf --check and keeps every earlier one as its byte-exact prefix', async () => {
    for (const bytes of [first.bytes, second.bytes, sealed])
      expect(await qpdfCheck(bytes)).toContain('No syntax or stream encoding errors found');
    expect(isPrefix(first.bytes, original)).toBe(true);
    expect(isPrefix(second.bytes, first.bytes)).toBe(true);
    expect(isPrefix(sealed, second.bytes)).toBe(true);
    expect([first.sha256, first.length]).toEqual([sha(first.bytes), first.bytes.length]);
    expect([second.sha256, second.length]).toEqual([sha(second.bytes), second.bytes.length]);
    expect(second.pageCount).toBe(2);
  });

  test('the final seal is valid and covers the whole file', async () => {
    const report = await pdfsig(sealed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report.match(/Signature #\d/g)).toHaveLength(1);
  });

  test("each signature's QR stamp, rendered at 150 dpi, opens that signature's verification page", async () => {
    const [a, b] = [first.stamps[0]!, second.stamps[0]!];
    expect([first.stamps.length, second.stamps.length]).toEqual([1, 1]);
    expect(await readQr(sealed, a.page, a.rect, 150)).toBe(VERIFY('SIG-20250411-AAAAAAAAAAAA'));
    expect(await readQr(sealed, b.page, b.rect, 150)).toBe(VERIFY('SIG-20250413-BBBBBBBBBBBB'));
    const stampText = await pdftotext(sealed, 1);
    expect(stampText).toContain('Signed by Ann Lee');
    expect(stampText).toContain('SIG-20250411-AAAAAAAAAAAA');
  });

  test('typed fields print what the recipients entered, Hebrew included', async () => {
    const one = await pdftotext(sealed, 1);
    expect(one).toContain('Ann Lee');
    expect(one).toContain('2025-04-11');
    const two = await pdftotext(sealed, 2);
    expect(two.replace(/\s+/g, ' ')).toContain('I agree to the terms of clause 7');
    expect(two).toContain('דוד כהן');
  });

  test('the audit page lists every event in order with time, actor, IP and agent, and every hash', async () => {
    expect(auditPages).toEqual([3]);
    const text = (await pdftotext(sealed, 3)).replace(/[ \t]+/g, ' ');
    const kinds = [
      'created',
      'sent',
      'opened',
      'code-verified',
      'signed',
      'reminded',
      'signed',
      'completed',
    ] as const;
    const order = kinds.map((k) => auditEventLabels[k]);
    let at = 0;
    for (const label of order) {
      const found = text.indexOf(`${label} `, at);
      expect(found, label).toBeGreaterThan(at);
      at = found + 1;
    }
    for (const s of [
      '2025-04-11 09:31:12',
      'Ann Lee <ann@example.com>',
      '203.0.113.5',
      'iPhone OS 18_0',
      'to ann@example.com',
      '192.0.2.44',
      'Chrome/141',
    ])
      expect(text).toContain(s);
    for (const bytes of [original, first.bytes, second.bytes]) expect(text).toContain(sha(bytes));
    // Numbered from 0 as the ByteRange and the verifiers count: the last byte of the prefix is length - 1.
    expect(text).toContain(
      `Revision 1: Signed by Ann Lee (bytes 0 to ${first.bytes.length - 1} of this file)`,
    );
    expect(text).toContain('Revision 2: Signed by Bob Roe');
    expect(text).toContain('Lease agreement');
    expect(await readQr(sealed, 3, { x: 400, y: 30, width: 160, height: 120 }, 150)).toBe(
      'https://inkproof.example/verify-signature?document=DOC-20250413-ABCDEFGH',
    );
    expect((await pdfinfoSizes(sealed))[2]).toEqual([595.28, 841.89]);
  });
});

test('on rotated pages and boxes off the origin, each QR still decodes where the result says it went', async () => {
  const original = await awkwardPdf();
  const fields = [sig(1, 40, 40, 'SIG-20250411-ROTATEDNINTY'), sig(2, 200, 300, 'SIG-20250411-ROTATEDTWOSV')];
  const res = await stampOk(stampInput(original, fields));
  expect(await qpdfCheck(res.bytes)).toContain('No syntax or stream encoding errors found');
  expect(isPrefix(res.bytes, original)).toBe(true);
  for (const [i, s] of res.stamps.entries())
    expect(await readQr(Buffer.from(res.bytes), s.page, s.rect, 150), `page ${s.page}`).toBe(
      fields[i]!.kind === 'signature' ? fields[i]!.verification.verifyUrl : '',
    );
});

test("the audit pages take a Letter document's page size, and long trails run over several pages", async () => {
  const original = await simplePdf(1, LETTER);
  const one = await stampOk(stampInput(original, [sig(1, 60, 120, 'SIG-20250411-LETTERLETTER')]));
  const done = await completeRequest(completeInput(one.bytes, original, [one.bytes], 60));
  if (done.kind !== 'ok') throw new Error(done.kind);
  expect(done.auditPages.length).toBeGreaterThan(1);
  const sizes = await pdfinfoSizes(done.bytes);
  for (const page of done.auditPages) expect(sizes[page - 1]).toEqual(LETTER);
  const last = await pdftotext(Buffer.from(done.bytes), done.auditPages.at(-1)!);
  expect(last).toContain(`page ${done.auditPages.length} of ${done.auditPages.length}`);
  expect(last).toContain(sha(one.bytes));
  expect(await pdfsig(Buffer.from(done.bytes))).toContain('Signature is Valid');
});

test('a signature too small for a readable stamp (placed before the minimum) keeps it inside, scaled down', async () => {
  const small = {
    ...sig(1, 60, 300, 'SIG-20250411-SMALLFIELD01'),
    rect: { x: 60, y: 300, width: 120, height: 50 },
  };
  const res = await stampOk(stampInput(await simplePdf(1), [small]));
  const qr = res.stamps[0]!.rect;
  expect(qr.x + qr.width).toBeCloseTo(180);
  expect(qr.y + qr.height).toBeCloseTo(350);
  expect(qr.height).toBeLessThan(50);
});

test('page sizes are those of the pages as displayed', async () => {
  const res = await pool.run('pageSizes', await awkwardPdf());
  expect(res).toEqual({
    kind: 'ok',
    pages: [
      { width: 692, height: 512 },
      { width: 792, height: 612 },
      { width: 500, height: 700 },
      { width: 612, height: 792 },
    ],
  });
  expect(await pageSizes(Buffer.from('not a pdf'))).toEqual({ kind: 'not-pdf' });
});

describe('bad input is refused with a reason, and the worker lives on', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await simplePdf(1);
  });
  const text = (t: string, rect = { x: 60, y: 100, width: 200, height: 20 }): RecipientField => ({
    kind: 'text',
    page: 1,
    rect,
    text: t,
  });

  test.each([
    ['a field outside its page', sig(1, 500, 100, 'SIG-X'), { kind: 'outside', field: 0 }],
    [
      'a page the document does not have',
      sig(3, 60, 100, 'SIG-X'),
      { kind: 'no-page', field: 0, pageCount: 1 },
    ],
    [
      'characters no font has',
      text('Ann 王 😀'),
      { kind: 'bad-field', reason: 'unknown-glyphs', characters: ['王', '😀'] },
    ],
    ['huge text', text('x'.repeat(100_000)), { kind: 'bad-field', reason: 'text-too-long' }],
    [
      'text that cannot fit its box',
      text('word '.repeat(150), { x: 60, y: 100, width: 80, height: 12 }),
      { kind: 'bad-field', reason: 'text-does-not-fit' },
    ],
    [
      'a rectangle without area',
      text('Ann', { x: 60, y: 100, width: 0, height: 20 }),
      { kind: 'bad-field', reason: 'empty-rect' },
    ],
    [
      'a NaN coordinate',
      text('Ann', { x: Number.NaN, y: 100, width: 10, height: 20 }),
      { kind: 'bad-field', reason: 'empty-rect' },
    ],
    [
      'a picture that was not given',
      { ...sig(1, 60, 100, 'SIG-X'), image: 7 },
      { kind: 'bad-field', reason: 'no-image' },
    ],
  ] as const)('%s', async (_, field, expected) => {
    const res = await pool.run('stampRecipient', stampInput(pdf, [field as RecipientField]));
    expect(res).toMatchObject(expected);
  });

  test('too many fields, a file that is not a PDF, and a completion whose hashes are not the file', async () => {
    const many = Array.from({ length: 501 }, () => text('a'));
    expect(await pool.run('stampRecipient', stampInput(pdf, many))).toEqual({
      kind: 'too-many-fields',
      max: 500,
    });
    expect(await pool.run('stampRecipient', stampInput(Buffer.from('hello'), []))).toEqual({
      kind: 'not-pdf',
    });
    const one = await stampOk(stampInput(pdf, [sig(1, 60, 100, 'SIG-X')]));
    const good = completeInput(one.bytes, pdf, [one.bytes]);
    const wrongOriginal = { ...good, original: { ...good.original, sha256: '0'.repeat(64) } };
    expect(await pool.run('completeRequest', wrongOriginal)).toEqual({
      kind: 'revision-mismatch',
      index: -1,
    });
    const notLast = {
      ...good,
      revisions: [{ ...good.revisions[0]!, length: good.revisions[0]!.length - 1 }],
    };
    expect(await pool.run('completeRequest', notLast)).toEqual({ kind: 'revision-mismatch', index: 0 });
    // Same worker, still answering.
    expect(pool.stats().workers).toBe(1);
    expect((await pool.run('completeRequest', good)).kind).toBe('ok');
  });
});
