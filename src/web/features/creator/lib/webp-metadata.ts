import { ascii, concat, fromLatin1, fromUtf8, readU32LE, startsWith, u24LE, u32LE, utf8 } from './bytes.ts';

interface RiffChunk {
  fourcc: string;
  start: number;
  dataStart: number;
  size: number;
}

const FLAG_XMP = 0x04;
const FLAG_ALPHA = 0x10;

/** True when the bytes are a RIFF container of type WEBP. */
export const isWebp = (b: Uint8Array) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8);

function* chunks(webp: Uint8Array): Generator<RiffChunk> {
  if (!isWebp(webp)) throw new Error('Not a WebP file');
  const end = Math.min(webp.length, 8 + readU32LE(webp, 4));
  let at = 12;
  while (at + 8 <= end) {
    const size = readU32LE(webp, at + 4);
    if (at + 8 + size > end) throw new Error('Truncated WebP chunk');
    yield { fourcc: fromLatin1(webp.subarray(at, at + 4)), start: at, dataStart: at + 8, size };
    at += 8 + size + (size & 1);
  }
}

const whole = (b: Uint8Array, c: RiffChunk) =>
  b.subarray(c.start, Math.min(b.length, c.dataStart + c.size + (c.size & 1)));

function riffChunk(fourcc: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  return concat([
    ascii(fourcc),
    u32LE(data.length),
    data,
    data.length & 1 ? Uint8Array.of(0) : new Uint8Array(),
  ]);
}

/** Canvas size and alpha of a WebP, from VP8X, VP8L or VP8. */
export function webpInfo(webp: Uint8Array): { width: number; height: number; alpha: boolean } {
  for (const c of chunks(webp)) {
    const d = c.dataStart;
    if (c.fourcc === 'VP8X') {
      const width = 1 + (webp[d + 4]! | (webp[d + 5]! << 8) | (webp[d + 6]! << 16));
      const height = 1 + (webp[d + 7]! | (webp[d + 8]! << 8) | (webp[d + 9]! << 16));
      return { width, height, alpha: (webp[d]! & FLAG_ALPHA) !== 0 };
    }
    if (c.fourcc === 'VP8L') {
      if (webp[d] !== 0x2f) throw new Error('Bad VP8L signature');
      const bits = readU32LE(webp, d + 1);
      return {
        width: (bits & 0x3fff) + 1,
        height: ((bits >>> 14) & 0x3fff) + 1,
        alpha: ((bits >>> 28) & 1) === 1,
      };
    }
    if (c.fourcc === 'VP8 ') {
      if (webp[d + 3] !== 0x9d || webp[d + 4] !== 0x01 || webp[d + 5] !== 0x2a)
        throw new Error('Bad VP8 start code');
      const width = (webp[d + 6]! | (webp[d + 7]! << 8)) & 0x3fff;
      const height = (webp[d + 8]! | (webp[d + 9]! << 8)) & 0x3fff;
      return { width, height, alpha: false };
    }
  }
  throw new Error('WebP without an image chunk');
}

/**
 * Returns a copy of the WebP carrying the XMP packet in an 'XMP ' chunk. A simple (lossy or
 * lossless) file becomes an extended one: metadata needs the VP8X header with its XMP flag.
 */
export function addWebpXmp(webp: Uint8Array, xmp: string): Uint8Array<ArrayBuffer> {
  const list = [...chunks(webp)];
  const body: Uint8Array[] = [];
  const first = list[0];
  if (first?.fourcc === 'VP8X') {
    const header = whole(webp, first).slice();
    header[8] = header[8]! | FLAG_XMP;
    body.push(header);
  } else {
    const { width, height, alpha } = webpInfo(webp);
    const hasAlph = list.some((c) => c.fourcc === 'ALPH');
    const flags = FLAG_XMP | (alpha || hasAlph ? FLAG_ALPHA : 0);
    body.push(
      riffChunk('VP8X', concat([Uint8Array.of(flags, 0, 0, 0), u24LE(width - 1), u24LE(height - 1)])),
    );
    if (first) body.push(whole(webp, first));
  }
  for (const c of list.slice(1)) if (c.fourcc !== 'XMP ') body.push(whole(webp, c));
  // Metadata chunks come last in an extended file (WebP container spec, "Extended File Format").
  body.push(riffChunk('XMP ', utf8(xmp)));
  const payload = concat([ascii('WEBP'), ...body]);
  return concat([ascii('RIFF'), u32LE(payload.length), payload]);
}

/** The XMP packet of a WebP, or null. */
export function readWebpXmp(webp: Uint8Array): string | null {
  for (const c of chunks(webp))
    if (c.fourcc === 'XMP ') return fromUtf8(webp.subarray(c.dataStart, c.dataStart + c.size));
  return null;
}
