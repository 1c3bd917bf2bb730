import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { SIGNATURE_SVG } from '#server/test/fixtures.ts';
import type { SigningIdentity } from './certificate.ts';
import { createSelfSignedIdentity } from './self-signed.ts';
import { rasterize, type RasterImage } from './image.ts';
import { sign, type SignRequest, type SignResult } from './jobs.ts';
import { PdfPool } from './pdf-pool.ts';
import { shapeArabic, visualOrder } from './rtl.ts';
import { simplePdf } from '#server/test/pdfs.ts';

const run = promisify(execFile);

/** Runs a poppler tool on the bytes; answers its stdout and stderr. */
async function poppler(tool: string, bytes: Uint8Array, args: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkproof-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, bytes);
    const { stdout, stderr } = await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      cwd: dir,
      maxBuffer: 64 << 20,
    }).catch((e: { stdout?: string; stderr?: string }) => ({
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    }));
    return { stdout, stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const pageText = async (bytes: Uint8Array, page: number) =>
  (await poppler('pdftotext', bytes, ['-f', String(page), '-l', String(page)])).stdout;

/** pdffonts rows: name, type, embedded, subset, has ToUnicode. */
async function fonts(bytes: Uint8Array) {
  const { stdout } = await poppler('pdffonts', bytes);
  return stdout
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((row) => {
      const cols = row.trim().split(/\s+/);
      const [emb, sub, uni] = cols.slice(-5, -2);
      return { name: cols[0]!, embedded: emb === 'yes', subset: sub === 'yes', unicode: uni === 'yes' };
    });
}

let identity: SigningIdentity;
let image: RasterImage;
beforeAll(async () => {
  identity = await createSelfSignedIdentity('Inkproof test');
  image = await rasterize(await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer(), 'image/png', 400);
});

async function signWith(
  opts: { documentName: string; signers: string[]; host?: string },
  run: (req: SignRequest) => Promise<SignResult> = sign,
) {
  const reference = 'DOC-20250414-ABCDEFGH';
  const verifyUrl = `https://${opts.host ?? 'inkproof.example'}/verify-signature?document=${reference}`;
  const req: SignRequest = {
    pdf: await simplePdf(1),
    originalSha256: '0'.repeat(64),
    images: [image],
    placements: [{ page: 1, rect: { x: 60, y: 100, width: 200, height: 100 }, image: 0 }],
    stamp: { reference, verifyUrl, signedAt: '2025-04-14 10:00 UTC' },
    certificate: {
      documentName: opts.documentName,
      reference,
      verifyUrl,
      checkUrl: 'https://inkproof.example/verify-signature',
      signedAt: '2025-04-14 10:00 UTC',
      signers: opts.signers.map((name, i) => ({
        name,
        signatureReference: `SIG-20250414-000${i}`,
        pages: [1],
      })),
      certificateSubject: 'Inkproof test',
    },
    identity,
    signingTime: Date.parse('2025-04-14T10:00:00Z'),
    reason: 'test',
    location: 'inkproof.example',
  };
  const res = await run(req);
  if (res.kind !== 'ok') throw new Error(`sign answered ${res.kind}`);
  const report = (await poppler('pdfsig', res.bytes)).stdout;
  expect(report).toContain('Signature is Valid');
  expect(report).toContain('Total document signed');
  return res.bytes;
}

describe('names outside Latin-1 on the certificate page', () => {
  const names = {
    'Latin Extended': 'Zoë Łukasiewicz',
    Vietnamese: 'Nguyễn Văn Ánh',
    Greek: 'Αλέξης Παπαδόπουλος',
    Cyrillic: 'Дмитрий Иванов',
    typographic: 'Seán O’Brien – “Ŝ”',
  };

  test('print as themselves, in an embedded subset font that pdftotext reads back', async () => {
    const signed = await signWith({
      documentName: 'Договор аренды № 7 – Ελλάδα',
      signers: Object.values(names),
    });
    const text = await pageText(signed, 2);
    expect(text).toContain('Договор аренды № 7 – Ελλάδα');
    for (const [script, name] of Object.entries(names)) expect(text, script).toContain(name);
    expect(text).toContain('Signing certificate');
    const used = await fonts(signed);
    for (const face of ['NotoSans-Regular', 'NotoSans-Bold']) {
      const row = used.find((f) => f.name.endsWith(`+${face}`));
      expect(row, face).toMatchObject({ embedded: true, subset: true, unicode: true });
    }
    const rendered = await poppler('pdftoppm', signed, ['-f', '2', '-l', '2', '-r', '30', '-png']);
    expect(rendered.stderr).toBe('');
  });

  test('Hebrew and Arabic read back in logical order from their own fonts', async () => {
    const hebrew = 'דוד כהן';
    const arabic = 'محمد الأحمد';
    const signed = await signWith({ documentName: `חוזה 2024`, signers: [hebrew, arabic, `Anna ${hebrew}`] });
    // Arabic is drawn with presentation forms (contextual shapes); they normalise to the letters.
    const text = (await pageText(signed, 2)).normalize('NFKC');
    expect(text).toContain(hebrew);
    expect(text).toContain(arabic);
    expect(text).toContain('2024');
    expect(text).toContain('Anna');
    const names = (await fonts(signed)).map((f) => f.name.split('+')[1]);
    expect(names).toEqual(
      expect.arrayContaining(['NotoSansHebrew-Bold', 'NotoSansHebrew', 'NotoNaskhArabic']),
    );
  });

  test('characters no font has print as "?", and the rest of the page is intact', async () => {
    const signed = await signWith({
      documentName: '王小明 contract',
      signers: ['王小明 Smith', 'Ana 😀 Pérez'],
    });
    const text = await pageText(signed, 2);
    expect(text).toContain('??? contract');
    expect(text).toContain('??? Smith');
    expect(text).toContain('Ana ? Pérez');
    expect(text).toContain('Signing certificate');
    expect(text).toMatch(/[0-9a-f]{64}/);
  });

  test('a name too long for its line is cut with an ellipsis, and the next line is untouched', async () => {
    const long = 'Дмитрий Иванович '.repeat(20).trim();
    const signed = await signWith({ documentName: long, signers: ['Jane'] });
    const lines = (await pageText(signed, 2)).split('\n');
    const cut = lines.find((l) => l.startsWith('Дмитрий Иванович Дмитрий'))!;
    expect(cut).toMatch(/\.\.\.$/);
    expect(cut.length).toBeLessThan(long.length);
    expect(lines).toContain('Reference');
  });

  test('Latin-1 text embeds no font at all: the standard fonts draw it', async () => {
    const signed = await signWith({ documentName: 'Lease 7', signers: ['María López', 'Jürgen Weiß'] });
    const text = await pageText(signed, 2);
    expect(text).toContain('María López');
    expect(text).toContain('Jürgen Weiß');
    expect((await fonts(signed)).filter((f) => f.embedded)).toEqual([]);
  });

  test("the pool's worker threads find the font files and embed them too", async () => {
    const pool = new PdfPool({ size: 1 });
    try {
      const signed = await signWith({ documentName: 'Αλέξης', signers: ['Łukasz Żółw'] }, (req) =>
        pool.run('sign', req),
      );
      const text = await pageText(signed, 2);
      expect(text).toContain('Αλέξης');
      expect(text).toContain('Łukasz Żółw');
    } finally {
      await pool.close();
    }
  });

  test('a stamp whose address is not Latin-1 prints it too', async () => {
    const signed = await signWith({ documentName: 'Lease', signers: ['Jane'], host: 'подпись.example' });
    expect(await pageText(signed, 1)).toContain('Verify: подпись.example/verify-signature');
  });
});

describe('right-to-left lines', () => {
  test('right-to-left runs are reversed in place; numbers and left-to-right text keep their order', () => {
    expect(visualOrder('abc אבג def')).toBe('abc גבא def');
    expect(visualOrder('חוזה 2024')).toBe('2024 הזוח');
    expect(visualOrder('(אב)')).toBe('(בא)');
    expect(visualOrder('1,000 ש"ח')).toBe('1,000 ח"ש');
  });

  test('marks stay after their letter when a run is reversed', () => {
    // shin with qamats and shin dot, lamed, vav with holam, final mem
    expect(visualOrder('\u05e9\u05b8\u05c1\u05dc\u05d5\u05b9\u05dd')).toBe(
      '\u05dd\u05d5\u05b9\u05dc\u05e9\u05b8\u05c1',
    );
  });

  test('Arabic letters take their joined forms; lam-alef becomes one ligature', () => {
    const all = () => true;
    // meem initial, hah medial, meem medial, dal final
    expect(shapeArabic('محمد', all)).toBe('\ufee3\ufea4\ufee4\ufeaa');
    expect(shapeArabic('لا', all)).toBe('\ufefb');
    expect(shapeArabic('سلام', all)).toBe('\ufeb3\ufefc\ufee1');
    // a form the font lacks leaves the letter as it is
    expect(shapeArabic('بب', (cp) => cp !== 0xfe91)).toBe('\u0628\ufe90');
  });
});
