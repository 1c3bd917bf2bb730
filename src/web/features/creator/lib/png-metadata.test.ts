import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { crc32, readU32BE, utf8 } from './bytes.ts';
import { addPngText, pngSize, readPngText } from './png-metadata.ts';

const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 30, height: 12, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
  );

describe('PNG text chunks', () => {
  test('written entries read back, and the image still decodes at its size', async () => {
    const out = addPngText(await png(), {
      'Inkproof-Reference': 'SIG-20250414-1234',
      'Inkproof-Verify-URL': 'https://example.org/verify-signature?ref=SIG-20250414-1234&name=Ann',
    });
    expect(readPngText(out)).toEqual({
      'Inkproof-Reference': 'SIG-20250414-1234',
      'Inkproof-Verify-URL': 'https://example.org/verify-signature?ref=SIG-20250414-1234&name=Ann',
    });
    const meta = await sharp(Buffer.from(out)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 30, 12]);
    expect(pngSize(out)).toEqual({ width: 30, height: 12 });
  });

  test('text chunks come right after IHDR with valid CRCs', async () => {
    const out = addPngText(await png(), { Key: 'value' });
    const ihdrLength = readU32BE(out, 8);
    const at = 8 + 12 + ihdrLength;
    expect(new TextDecoder().decode(out.subarray(at + 4, at + 8))).toBe('tEXt');
    const length = readU32BE(out, at);
    expect(readU32BE(out, at + 8 + length)).toBe(crc32(out, at + 4, at + 8 + length));
  });

  test('non-Latin-1 text goes into an iTXt chunk as UTF-8', async () => {
    const out = addPngText(await png(), { Name: 'Zoë 李' });
    expect(readPngText(out).Name).toBe('Zoë 李');
    expect(Buffer.from(out).includes(Buffer.from('iTXt'))).toBe(true);
    expect(Buffer.from(out).includes(Buffer.from(utf8('李')))).toBe(true);
  });

  test('writing again replaces the old entry instead of adding a second one', async () => {
    const once = addPngText(await png(), { K: 'one' });
    const twice = addPngText(once, { K: 'two' });
    expect(readPngText(twice)).toEqual({ K: 'two' });
    expect(twice.length).toBe(once.length);
  });

  test('refuses bytes that are not a PNG', () => {
    expect(() => addPngText(utf8('GIF89a........'), { K: 'v' })).toThrow('Not a PNG');
  });

  test('refuses a truncated file', async () => {
    const bytes = await png();
    expect(() => addPngText(bytes.subarray(0, bytes.length - 20), { K: 'v' })).toThrow();
  });
});
