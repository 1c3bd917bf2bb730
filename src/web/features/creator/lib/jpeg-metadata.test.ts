import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { addJpegMetadata, jpegSize, readJpegMetadata } from './jpeg-metadata.ts';

const jpeg = async () =>
  new Uint8Array(
    await sharp({ create: { width: 40, height: 16, channels: 3, background: '#ffffff' } })
      .jpeg({ quality: 100 })
      .toBuffer(),
  );

describe('JPEG XMP and comment', () => {
  test('the XMP packet and comment read back; decoders still read the image and see the XMP', async () => {
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/">ref SIG-20250414-1234</x:xmpmeta>';
    const out = addJpegMetadata(await jpeg(), { xmp, comment: 'Inkproof-Reference: SIG-20250414-1234' });
    expect(readJpegMetadata(out)).toEqual({ xmp, comments: ['Inkproof-Reference: SIG-20250414-1234'] });
    const meta = await sharp(Buffer.from(out)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 40, 16]);
    const { data, info } = await sharp(Buffer.from(out)).raw().toBuffer({ resolveWithObject: true });
    expect(info.width * info.height * info.channels).toBe(data.length);
    expect(jpegSize(out)).toEqual({ width: 40, height: 16 });
  });

  test('the JFIF APP0 segment stays first', async () => {
    // Browsers write JFIF APP0 first (sharp does not): put one in as a canvas would.
    const src = await jpeg();
    const app0 = [0xff, 0xe0, 0, 16, ...new TextEncoder().encode('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const withJfif = new Uint8Array([...src.subarray(0, 2), ...app0, ...src.subarray(2)]);
    const out = addJpegMetadata(withJfif, { comment: 'x' });
    expect([out[2], out[3]]).toEqual([0xff, 0xe0]);
    expect(new TextDecoder().decode(out.subarray(6, 10))).toBe('JFIF');
    expect([out[20], out[21]]).toEqual([0xff, 0xfe]);
    expect((await sharp(Buffer.from(out)).metadata()).width).toBe(40);
  });

  test('writing again replaces the earlier packet and comment', async () => {
    const once = addJpegMetadata(await jpeg(), { xmp: '<a/>', comment: 'one' });
    const twice = addJpegMetadata(once, { xmp: '<b/>', comment: 'two' });
    expect(readJpegMetadata(twice)).toEqual({ xmp: '<b/>', comments: ['two'] });
  });

  test('refuses bytes that are not a JPEG', () => {
    expect(() => addJpegMetadata(new Uint8Array([1, 2, 3, 4]), { comment: 'x' })).toThrow('Not a JPEG');
  });

  test('refuses a segment over 64 KB', async () => {
    expect(() => addJpegMetadata(new Uint8Array(0), { comment: 'x' })).toThrow();
    await expect(jpeg().then((j) => addJpegMetadata(j, { comment: 'x'.repeat(70_000) }))).rejects.toThrow(
      'too large',
    );
  });
});
