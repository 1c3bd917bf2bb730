import { ascii, concat, crc32, fromLatin1, fromUtf8, readU32BE, startsWith, u32BE, utf8 } from './bytes.ts';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

interface Chunk {
  type: string;
  /** Offset of the chunk's length field. */
  start: number;
  dataStart: number;
  length: number;
}

function* chunks(png: Uint8Array): Generator<Chunk> {
  if (!startsWith(png, PNG_SIGNATURE)) throw new Error('Not a PNG file');
  let at = 8;
  while (at + 12 <= png.length) {
    const length = readU32BE(png, at);
    const type = fromLatin1(png.subarray(at + 4, at + 8));
    if (at + 12 + length > png.length) throw new Error('Truncated PNG chunk');
    yield { type, start: at, dataStart: at + 8, length };
    at += 12 + length;
    if (type === 'IEND') return;
  }
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const typeAndData = concat([ascii(type), data]);
  return concat([u32BE(data.length), typeAndData, u32BE(crc32(typeAndData))]);
}

// tEXt holds Latin-1 without control characters (PNG spec 11.3.4.3); anything else goes in iTXt.
const isPlainLatin1 = (s: string) => /^[\x20-\x7e\xa0-\xff\n]*$/.test(s);

function textChunk(keyword: string, value: string): Uint8Array<ArrayBuffer> {
  if (!/^[\x20-\x7e]{1,79}$/.test(keyword)) throw new Error(`Invalid PNG keyword: ${keyword}`);
  if (isPlainLatin1(value)) return chunk('tEXt', concat([ascii(keyword), Uint8Array.of(0), ascii(value)]));
  // keyword \0, compression flag 0, method 0, empty language \0, empty translated keyword \0, UTF-8 text
  return chunk('iTXt', concat([ascii(keyword), Uint8Array.of(0, 0, 0, 0, 0), utf8(value)]));
}

/**
 * Returns a copy of the PNG with text chunks for each entry, placed right after IHDR so that readers
 * which stop early still find them. Existing chunks with the same keywords are dropped.
 */
export function addPngText(png: Uint8Array, entries: Record<string, string>): Uint8Array<ArrayBuffer> {
  const keys = new Set(Object.keys(entries));
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  let sawIend = false;
  for (const c of chunks(png)) {
    const whole = png.subarray(c.start, c.dataStart + c.length + 4);
    if ((c.type === 'tEXt' || c.type === 'iTXt') && keys.has(keywordOf(png, c))) continue;
    parts.push(whole);
    if (c.type === 'IHDR') for (const [k, v] of Object.entries(entries)) parts.push(textChunk(k, v));
    if (c.type === 'IEND') sawIend = true;
  }
  if (!sawIend) throw new Error('PNG without IEND');
  return concat(parts);
}

function keywordOf(png: Uint8Array, c: Chunk): string {
  const data = png.subarray(c.dataStart, c.dataStart + c.length);
  const nul = data.indexOf(0);
  return fromLatin1(data.subarray(0, nul < 0 ? data.length : nul));
}

/** Reads the uncompressed tEXt and iTXt entries of a PNG (zTXt and compressed iTXt are skipped). */
export function readPngText(png: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of chunks(png)) {
    if (c.type !== 'tEXt' && c.type !== 'iTXt') continue;
    const data = png.subarray(c.dataStart, c.dataStart + c.length);
    const nul = data.indexOf(0);
    if (nul < 1) continue;
    const keyword = fromLatin1(data.subarray(0, nul));
    if (c.type === 'tEXt') {
      out[keyword] = fromLatin1(data.subarray(nul + 1));
      continue;
    }
    if (data[nul + 1] !== 0) continue; // compressed iTXt
    const lang = data.indexOf(0, nul + 3);
    const translated = lang < 0 ? -1 : data.indexOf(0, lang + 1);
    if (translated < 0) continue;
    out[keyword] = fromUtf8(data.subarray(translated + 1));
  }
  return out;
}

/** Width and height from IHDR. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const first = chunks(png).next().value;
  if (!first || first.type !== 'IHDR') throw new Error('PNG without IHDR');
  return { width: readU32BE(png, first.dataStart), height: readU32BE(png, first.dataStart + 4) };
}
