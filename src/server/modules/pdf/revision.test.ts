import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { SIGNATURE_SVG } from '#server/test/fixtures.ts';
import { pdfsig, tempDir } from '#server/test/documents.ts';
import type { SigningIdentity } from './certificate.ts';
import { rasterize, type RasterImage } from './image.ts';
import { sign, type SignRequest } from './jobs.ts';
import { createSelfSignedIdentity } from './self-signed.ts';
import { awkwardPdf, simplePdf } from '#server/test/pdfs.ts';

/**
 * The revisions signing appends (decision 035): written by us, so checked here against the tools
 * that read PDFs independently: qpdf, poppler's pdfsig and openssl.
 */

const run = promisify(execFile);
const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

async function inDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = tempDir();
  try {
    return await work(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const qpdf = (bytes: Uint8Array, args: string[]) =>
  inDir(async (dir) => {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, bytes);
    return (await run('qpdf', [...args, file])).stdout;
  });

/** Every uncompressed object qpdf finds through the cross-references starts where they say. */
async function xrefOffsetsPointAtObjects(bytes: Uint8Array) {
  const listing = await qpdf(bytes, ['--show-xref']);
  const entries = [...listing.matchAll(/^(\d+)\/(\d+): uncompressed; offset = (\d+)$/gm)];
  expect(entries.length).toBeGreaterThan(0);
  const text = latin1(bytes);
  const wrong = entries
    .map(([, num, gen, offset]) => ({ num, gen, offset: Number(offset) }))
    .filter((e) => !text.startsWith(`${e.num} ${e.gen} obj`, e.offset));
  expect(wrong).toEqual([]);
}

/** The last signature's /ByteRange and what lies in its hole. */
function lastSignature(bytes: Uint8Array) {
  const text = latin1(bytes);
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const [a, b, c, d] = all.at(-1)!.slice(1, 5).map(Number) as [number, number, number, number];
  return { range: [a, b, c, d], hole: text.slice(b, c), count: all.length };
}

/**
 * The DER value at the start of `padded` (the /Contents hole: the CMS, then zeros to the hole's
 * end), by its own length. Trimming the zeros instead cut a CMS whose last byte is 0x00 (one
 * signing in 256: the signature value's last byte), and openssl then read too little.
 */
function derValue(padded: Buffer) {
  if (padded[0] !== 0x30) throw new Error('the /Contents hole does not start with a DER SEQUENCE');
  const first = padded[1]!;
  if (first < 0x80) return padded.subarray(0, 2 + first);
  const lengthBytes = first & 0x7f;
  let length = 0;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + padded[2 + i]!;
  return padded.subarray(0, 2 + lengthBytes + length);
}

/** `openssl cms -verify` of the extracted /Contents over the signed ranges (content, not chain). */
function opensslVerify(bytes: Uint8Array) {
  const { range, hole } = lastSignature(bytes);
  const [, b, c, d] = range as [number, number, number, number];
  const der = derValue(Buffer.from(hole.slice(1, -1), 'hex'));
  const buf = Buffer.from(bytes);
  return inDir(async (dir) => {
    fs.writeFileSync(path.join(dir, 'sig.der'), der);
    fs.writeFileSync(
      path.join(dir, 'signed.bin'),
      Buffer.concat([buf.subarray(0, b), buf.subarray(c, c + d)]),
    );
    const out = await run(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'sig.der',
        '-content',
        'signed.bin',
        '-noverify',
      ],
      { cwd: dir },
    ).catch((e: { stderr: string }) => e);
    return out.stderr;
  });
}

/** A classic file whose newest section is a table with /XRefStm: one object only the stream lists. */
function hybridPdf(): Buffer {
  const parts: string[] = ['%PDF-1.5\n%\xe2\xe3\xcf\xd3\n'];
  const offsets = new Map<number, number>();
  const at = () => Buffer.byteLength(parts.join(''), 'latin1');
  const obj = (n: number, body: string) => {
    offsets.set(n, at());
    parts.push(`${n} 0 obj\n${body}\nendobj\n`);
  };
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  const content = 'BT /F1 14 Tf 50 740 Td (A hybrid-reference file) Tj ET';
  obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 4 0 R /Contents 6 0 R >>');
  // Object 4 (the page's resources) lives in object stream 5, listed only by the xref stream 7.
  const inner = '<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>';
  const header = '4 0 ';
  obj(
    5,
    `<< /Type /ObjStm /N 1 /First ${header.length} /Length ${header.length + inner.length} >>\nstream\n${header}${inner}\nendstream`,
  );
  obj(6, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  const xrefStmAt = at();
  offsets.set(7, xrefStmAt);
  const row = (type: number, field2: number, field3: number) =>
    String.fromCharCode(type, (field2 >> 8) & 0xff, field2 & 0xff, field3);
  const data = row(2, 5, 0);
  parts.push(
    `7 0 obj\n<< /Type /XRef /Size 8 /W [1 2 1] /Index [4 1] /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`,
  );
  const xrefAt = at();
  const line = (n: number) => `${String(offsets.get(n)).padStart(10, '0')} 00000 n\r\n`;
  parts.push(
    `xref\n0 4\n0000000000 65535 f\r\n${line(1)}${line(2)}${line(3)}5 3\n${line(5)}${line(6)}${line(7)}`,
    `trailer\n<< /Size 8 /Root 1 0 R /XRefStm ${xrefStmAt} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
  );
  return Buffer.from(parts.join(''), 'latin1');
}

async function xrefStreamPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++) doc.addPage([595.28, 841.89]).drawText(`Page ${i}`, { x: 50, y: 780, font });
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

let identity: SigningIdentity;
let image: RasterImage;
beforeAll(async () => {
  identity = await createSelfSignedIdentity('Revision Test');
  image = await rasterize(await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer(), 'image/png', 833);
});

function request(pdf: Uint8Array, pages: number[]): SignRequest {
  const stamp = {
    reference: 'DOC-20250414-REVTEST1',
    verifyUrl: 'https://inkproof.example/verify-signature?document=DOC-20250414-REVTEST1',
    signedAt: '2025-04-14 10:00 UTC',
  };
  return {
    pdf,
    originalSha256: sha(pdf),
    images: [image],
    placements: pages.map((page) => ({ page, rect: { x: 60, y: 100, width: 200, height: 100 }, image: 0 })),
    stamp,
    certificate: {
      documentName: 'Revision test',
      reference: stamp.reference,
      verifyUrl: stamp.verifyUrl,
      checkUrl: 'https://inkproof.example/verify-signature',
      signedAt: stamp.signedAt,
      signers: [{ name: 'Ann Lee', signatureReference: 'SIG-20250414-0001', pages }],
      certificateSubject: 'Revision Test',
    },
    identity,
    signingTime: Date.UTC(2025, 3, 14, 10),
    reason: 'Signed with Inkproof',
    location: 'inkproof.example',
  };
}

async function signed(pdf: Uint8Array, pages = [1]) {
  const res = await sign(request(pdf, pages));
  if (res.kind !== 'ok') throw new Error(`sign: ${res.kind}`);
  return res;
}

const inputs: [string, () => Promise<Buffer>, 'table' | 'stream'][] = [
  ['a classic cross-reference table', () => simplePdf(2), 'table'],
  ['a cross-reference stream (object streams)', xrefStreamPdf, 'stream'],
  ['a hybrid file (table with /XRefStm)', async () => hybridPdf(), 'table'],
  ['rotated pages and offset boxes', awkwardPdf, 'table'],
];

describe.each(inputs)('signing %s', (_label, make, style) => {
  let original: Buffer;
  let res: Awaited<ReturnType<typeof signed>>;
  beforeAll(async () => {
    original = await make();
    expect(await qpdf(original, ['--check'])).toContain('No syntax or stream encoding errors');
    res = await signed(original, style === 'stream' ? [1, 2] : [1]);
  });

  test('appends two revisions and leaves every earlier byte as it was; the hashes are of those prefixes', () => {
    const bytes = Buffer.from(res.bytes);
    expect(bytes.subarray(0, original.length).equals(original)).toBe(true);
    expect(sha(bytes.subarray(0, res.stampedLength))).toBe(res.stampedSha256);
    expect(sha(bytes)).toBe(res.signedSha256);
    const appended = latin1(bytes.subarray(original.length));
    // Two revisions, each ending with its own startxref and %%EOF.
    expect(appended.match(/startxref\n\d+\n%%EOF\n/g)).toHaveLength(2);
    expect(latin1(bytes.subarray(original.length, res.stampedLength)).endsWith('%%EOF\n')).toBe(true);
  });

  test(`the new sections follow the file's style (${style}) and chain to the ones before`, () => {
    const bytes = Buffer.from(res.bytes);
    const appended = latin1(bytes.subarray(original.length));
    if (style === 'stream') {
      expect(appended).not.toMatch(/^xref$/m);
      expect(appended.match(/\/Type \/XRef/g)).toHaveLength(2);
    } else {
      expect(appended.match(/^xref$/gm)).toHaveLength(2);
      expect(appended).not.toContain('/Type /XRef');
    }
    const startxrefs = [...latin1(bytes).matchAll(/startxref\s+(\d+)/g)].map((m) => Number(m[1]));
    const prevs = [...appended.matchAll(/\/Prev (\d+)/g)].map((m) => Number(m[1]));
    // Each new section's /Prev is the startxref of the revision before it.
    expect(prevs).toEqual(startxrefs.slice(-3, -1));
  });

  test('qpdf finds no error, and every cross-reference offset points at its object', async () => {
    expect(await qpdf(res.bytes, ['--check'])).toContain('No syntax or stream encoding errors');
    await xrefOffsetsPointAtObjects(res.bytes);
    // The stamped revision alone is a whole, valid file too.
    const stamped = res.bytes.subarray(0, res.stampedLength);
    expect(await qpdf(stamped, ['--check'])).toContain('No syntax or stream encoding errors');
    await xrefOffsetsPointAtObjects(stamped);
  });

  test('the byte range covers the whole file but the /Contents hole, which holds only the hex CMS', () => {
    const { range, hole } = lastSignature(res.bytes);
    const [a, b, c, d] = range as [number, number, number, number];
    expect(a).toBe(0);
    expect(c + d).toBe(res.bytes.length);
    expect(b).toBeGreaterThan(res.stampedLength);
    expect(hole).toMatch(/^<[0-9a-f]+>$/);
    expect(latin1(res.bytes).slice(b - '/Contents '.length, b)).toBe('/Contents ');
  });

  test('pdfsig: one valid PAdES signature over the total document; openssl verifies the CMS', async () => {
    const report = await pdfsig(Buffer.from(res.bytes));
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Revision Test');
    expect(await opensslVerify(res.bytes)).toContain('Verification successful');
  });
});

test('a file that already carries a signature keeps it valid, and the new one covers the whole file', async () => {
  const first = await signed(await simplePdf(1));
  const second = await signed(first.bytes);
  expect(Buffer.from(second.bytes).subarray(0, first.bytes.length).equals(Buffer.from(first.bytes))).toBe(
    true,
  );
  const report = await pdfsig(Buffer.from(second.bytes));
  expect(report.match(/Signature is Valid/g)).toHaveLength(2);
  // The first signature covers exactly the first file, the second the whole of this one.
  expect(report).toContain(`Signed Ranges: [0 - `);
  expect(report.match(/Total document signed/g)).toHaveLength(1);
  expect(report).toMatch(/Not total document signed/);
  const { count } = lastSignature(second.bytes);
  expect(count).toBe(2);
  // Two fields, the second a new one: the first, already signed, is not reused.
  const names = [...latin1(second.bytes).matchAll(/\/T \((Signature_\d+)\)/g)].map((m) => m[1]);
  expect(new Set(names)).toEqual(new Set(['Signature_1', 'Signature_2']));
  expect(await qpdf(second.bytes, ['--check'])).toContain('No syntax or stream encoding errors');
  await xrefOffsetsPointAtObjects(second.bytes);
  expect(await opensslVerify(second.bytes)).toContain('Verification successful');
});

test('the CMS is read from the /Contents hole by its DER length, a last byte of zero included', () => {
  // a SEQUENCE of 3 bytes ending in 0x00, then the hole's zero padding
  const short = Buffer.from('3003020100' + '00'.repeat(8), 'hex');
  expect(derValue(short).toString('hex')).toBe('3003020100');
  // a long-form length (0x82: two length bytes, 0x0104 = 260) ending in 0x00
  const body = Buffer.alloc(260, 0x11);
  body[259] = 0;
  const long = Buffer.concat([Buffer.from('30820104', 'hex'), body, Buffer.alloc(16)]);
  expect(derValue(long)).toEqual(long.subarray(0, 264));
  expect(() => derValue(Buffer.from('00'.repeat(4), 'hex'))).toThrow(/DER SEQUENCE/);
});
