import sharp, { type Sharp } from 'sharp';
import { describe, expect, test } from 'vitest';
import { utf8 } from './bytes.ts';
import { embedMetadata, readMetadata, type RasterFormat } from './file-metadata.ts';
import { buildXmp, parseXmp } from './xmp.ts';

const meta = {
  reference: 'SIG-20250414-1234',
  verifyUrl: 'https://sign.example.org/verify-signature?id=1&ref=SIG-20250414-1234&name=A+%26+B&timestamp=x',
};

const encoders: Record<RasterFormat, (s: Sharp) => Sharp> = {
  png: (s) => s.png(),
  jpg: (s) => s.jpeg(),
  webp: (s) => s.webp(),
};

describe('file metadata', () => {
  for (const format of ['png', 'jpg', 'webp'] as const) {
    test(`${format}: the reference and verification URL read back and the file still decodes`, async () => {
      const src = await encoders[format](
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }),
      ).toBuffer();
      const out = embedMetadata(format, new Uint8Array(src), meta);
      expect(readMetadata(out)).toEqual(meta);
      const info = await sharp(Buffer.from(out)).metadata();
      expect(info.width).toBe(8);
      // generic tools see the same fields through the standard XMP packet
      if (info.xmp) expect(parseXmp(info.xmp.toString())).toEqual(meta);
    });
  }

  test('a file without our metadata reads as null, and so does garbage', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(readMetadata(new Uint8Array(png))).toBeNull();
    expect(readMetadata(utf8('hello'))).toBeNull();
    expect(readMetadata(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });

  test('XMP escapes markup in values and reads them back unchanged', () => {
    const tricky = { reference: 'SIG-20250414-ABCD', verifyUrl: 'https://x.test/v?a="1"&b=<2>' };
    const xmp = buildXmp(tricky);
    expect(xmp).not.toContain('<2>');
    expect(parseXmp(xmp)).toEqual(tricky);
  });
});
