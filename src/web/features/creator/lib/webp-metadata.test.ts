import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { readU32LE } from './bytes.ts';
import { addWebpXmp, readWebpXmp, webpInfo } from './webp-metadata.ts';

const make = async (opts: { lossless: boolean; alpha: boolean }) =>
  new Uint8Array(
    await sharp({
      create: {
        width: 37,
        height: 21,
        channels: opts.alpha ? 4 : 3,
        background: { r: 255, g: 255, b: 255, alpha: 0.5 },
      },
    })
      .webp({ lossless: opts.lossless })
      .toBuffer(),
  );

const fourccs = (b: Uint8Array) => {
  const out: string[] = [];
  for (let at = 12; at + 8 <= b.length;) {
    const size = readU32LE(b, at + 4);
    out.push(new TextDecoder().decode(b.subarray(at, at + 4)));
    at += 8 + size + (size & 1);
  }
  return out;
};

describe('WebP XMP chunk', () => {
  for (const lossless of [false, true]) {
    test(`a simple ${lossless ? 'lossless' : 'lossy'} file becomes extended, keeps its image and carries the XMP`, async () => {
      const src = await make({ lossless, alpha: false });
      const xmp = '<x:xmpmeta>SIG-20250414-1234 odd</x:xmpmeta>'; // odd length: needs a pad byte
      const out = addWebpXmp(src, xmp);
      expect(fourccs(out)).toEqual(['VP8X', lossless ? 'VP8L' : 'VP8 ', 'XMP ']);
      expect(readU32LE(out, 4)).toBe(out.length - 8);
      expect(readWebpXmp(out)).toBe(xmp);
      expect(webpInfo(out)).toMatchObject({ width: 37, height: 21 });
      const meta = await sharp(Buffer.from(out)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 37, 21]);
      expect(meta.xmp?.toString()).toBe(xmp);
    });
  }

  test('the alpha flag follows the image', async () => {
    const out = addWebpXmp(await make({ lossless: true, alpha: true }), '<x/>');
    expect(webpInfo(out).alpha).toBe(true);
    expect((await sharp(Buffer.from(out)).metadata()).hasAlpha).toBe(true);
  });

  test('an extended file gets the flag set and its old XMP replaced', async () => {
    const once = addWebpXmp(await make({ lossless: false, alpha: false }), '<one/>');
    const twice = addWebpXmp(once, '<two/>');
    expect(fourccs(twice)).toEqual(['VP8X', 'VP8 ', 'XMP ']);
    expect(readWebpXmp(twice)).toBe('<two/>');
    expect((await sharp(Buffer.from(twice)).metadata()).xmp?.toString()).toBe('<two/>');
  });

  test('an extended file with an ICC profile, as Chromium writes, keeps its chunks in order', async () => {
    const src = new Uint8Array(
      await sharp({ create: { width: 9, height: 7, channels: 3, background: '#fff' } })
        .withIccProfile('srgb')
        .webp({ lossless: true })
        .toBuffer(),
    );
    expect(fourccs(src)).toEqual(['VP8X', 'ICCP', 'VP8L']);
    const out = addWebpXmp(src, '<x/>');
    expect(fourccs(out)).toEqual(['VP8X', 'ICCP', 'VP8L', 'XMP ']);
    const meta = await sharp(Buffer.from(out)).metadata();
    expect([meta.width, meta.height, meta.hasProfile, meta.xmp?.toString()]).toEqual([9, 7, true, '<x/>']);
  });

  test('refuses bytes that are not a WebP', () => {
    expect(() => addWebpXmp(new TextEncoder().encode('RIFF\0\0\0\0AVI LIST'), '<x/>')).toThrow('Not a WebP');
  });
});
