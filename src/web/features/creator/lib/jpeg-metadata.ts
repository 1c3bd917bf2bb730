import { ascii, concat, fromLatin1, fromUtf8, readU16BE, startsWith, utf8 } from './bytes.ts';

export const XMP_APP1_ID = 'http://ns.adobe.com/xap/1.0/\0';
const SOI = [0xff, 0xd8] as const;
const MAX_SEGMENT_DATA = 0xffff - 2;

interface Segment {
  marker: number;
  start: number;
  dataStart: number;
  dataEnd: number;
}

/** The marker segments before the scan data (SOS ends the walk: entropy-coded bytes follow). */
function* segments(jpg: Uint8Array): Generator<Segment> {
  if (!startsWith(jpg, SOI)) throw new Error('Not a JPEG file');
  let at = 2;
  while (at + 4 <= jpg.length) {
    if (jpg[at] !== 0xff) throw new Error('Malformed JPEG marker');
    const marker = jpg[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = readU16BE(jpg, at + 2);
    const seg = { marker, start: at, dataStart: at + 4, dataEnd: at + 2 + length };
    if (seg.dataEnd > jpg.length) throw new Error('Truncated JPEG segment');
    yield seg;
    if (marker === 0xda) return;
    at = seg.dataEnd;
  }
}

function segment(marker: number, data: Uint8Array): Uint8Array<ArrayBuffer> {
  if (data.length > MAX_SEGMENT_DATA) throw new Error('JPEG segment too large');
  const length = data.length + 2;
  return concat([Uint8Array.of(0xff, marker, length >> 8, length & 0xff), data]);
}

export interface JpegMetadata {
  xmp?: string;
  comment?: string;
}

/**
 * Returns a copy of the JPEG with an APP1 XMP packet and a COM comment, placed after the APP0
 * (JFIF) segment that decoders expect first. Existing XMP packets and comments are replaced.
 */
export function addJpegMetadata(jpg: Uint8Array, meta: JpegMetadata): Uint8Array<ArrayBuffer> {
  const added: Uint8Array[] = [];
  if (meta.xmp) added.push(segment(0xe1, concat([ascii(XMP_APP1_ID), utf8(meta.xmp)])));
  if (meta.comment) added.push(segment(0xfe, utf8(meta.comment)));

  const parts: Uint8Array[] = [jpg.subarray(0, 2)];
  let inserted = false;
  let rest = 2;
  for (const s of segments(jpg)) {
    const isApp0 = s.marker === 0xe0;
    const replaced = (meta.xmp && isXmp(jpg, s)) || (meta.comment && s.marker === 0xfe);
    if (!inserted && !isApp0) {
      parts.push(...added);
      inserted = true;
    }
    if (!replaced) parts.push(jpg.subarray(s.start, s.dataEnd));
    rest = s.dataEnd;
    if (s.marker === 0xda) break;
  }
  if (!inserted) parts.push(...added);
  parts.push(jpg.subarray(rest));
  return concat(parts);
}

const isXmp = (jpg: Uint8Array, s: Segment) =>
  s.marker === 0xe1 && startsWith(jpg, ascii(XMP_APP1_ID), s.dataStart);

/** The XMP packet and the comments of a JPEG, if any. */
export function readJpegMetadata(jpg: Uint8Array): { xmp: string | null; comments: string[] } {
  let xmp: string | null = null;
  const comments: string[] = [];
  for (const s of segments(jpg)) {
    if (isXmp(jpg, s)) xmp = fromUtf8(jpg.subarray(s.dataStart + XMP_APP1_ID.length, s.dataEnd));
    if (s.marker === 0xfe) {
      const bytes = jpg.subarray(s.dataStart, s.dataEnd);
      try {
        comments.push(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        comments.push(fromLatin1(bytes));
      }
    }
  }
  return { xmp, comments };
}

/** Width and height from the first start-of-frame segment. */
export function jpegSize(jpg: Uint8Array): { width: number; height: number } {
  for (const s of segments(jpg)) {
    const sof =
      s.marker >= 0xc0 && s.marker <= 0xcf && s.marker !== 0xc4 && s.marker !== 0xc8 && s.marker !== 0xcc;
    if (sof) return { height: readU16BE(jpg, s.dataStart + 1), width: readU16BE(jpg, s.dataStart + 3) };
  }
  throw new Error('JPEG without a frame header');
}
