import { ascii, fromUtf8, startsWith } from './bytes.ts';
import { addJpegMetadata, readJpegMetadata } from './jpeg-metadata.ts';
import { addPngText, PNG_SIGNATURE, readPngText } from './png-metadata.ts';
import { addWebpXmp, isWebp, readWebpXmp } from './webp-metadata.ts';
import { buildXmp, META_KEYS, parseXmp, type InkproofMetadata } from './xmp.ts';

export type RasterFormat = 'png' | 'jpg' | 'webp';

const commentFor = (m: InkproofMetadata) =>
  `${META_KEYS.reference}: ${m.reference}\n${META_KEYS.verifyUrl}: ${m.verifyUrl}`;

/** Writes the reference and verification URL into the file's own metadata. */
export function embedMetadata(
  format: RasterFormat,
  bytes: Uint8Array,
  meta: InkproofMetadata,
): Uint8Array<ArrayBuffer> {
  const xmp = buildXmp(meta);
  switch (format) {
    case 'png':
      return addPngText(bytes, {
        [META_KEYS.reference]: meta.reference,
        [META_KEYS.verifyUrl]: meta.verifyUrl,
        'XML:com.adobe.xmp': xmp,
      });
    case 'jpg':
      return addJpegMetadata(bytes, { xmp, comment: commentFor(meta) });
    case 'webp':
      return addWebpXmp(bytes, xmp);
  }
}

function fromComment(comment: string): InkproofMetadata | null {
  const line = (key: string) => new RegExp(`^${key}: (.+)$`, 'm').exec(comment)?.[1]?.trim();
  const reference = line(META_KEYS.reference);
  const verifyUrl = line(META_KEYS.verifyUrl);
  return reference && verifyUrl ? { reference, verifyUrl } : null;
}

/**
 * Reads an Inkproof reference and verification URL back from a PNG, JPEG, WebP or SVG file;
 * null when the file carries none or cannot be parsed.
 */
export function readMetadata(bytes: Uint8Array): InkproofMetadata | null {
  try {
    if (startsWith(bytes, PNG_SIGNATURE)) {
      const text = readPngText(bytes);
      const reference = text[META_KEYS.reference];
      const verifyUrl = text[META_KEYS.verifyUrl];
      if (reference && verifyUrl) return { reference, verifyUrl };
      return text['XML:com.adobe.xmp'] ? parseXmp(text['XML:com.adobe.xmp']) : null;
    }
    if (startsWith(bytes, [0xff, 0xd8])) {
      const { xmp, comments } = readJpegMetadata(bytes);
      const fromXmp = xmp ? parseXmp(xmp) : null;
      return fromXmp ?? comments.map(fromComment).find(Boolean) ?? null;
    }
    if (isWebp(bytes)) {
      const xmp = readWebpXmp(bytes);
      return xmp ? parseXmp(xmp) : null;
    }
    const head = fromUtf8(bytes.subarray(0, 64)).trimStart();
    if (head.startsWith('<svg') || head.startsWith('<?xml') || startsWith(bytes, ascii('<'))) {
      return parseXmp(fromUtf8(bytes));
    }
  } catch {
    return null;
  }
  return null;
}
