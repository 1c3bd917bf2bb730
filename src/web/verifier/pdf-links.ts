import jsQR from 'jsqr';

/** Where the sealed links of a PDF were found: drawn as a QR code, or written as text. */
export interface FoundLink {
  link: string;
  from: 'qr' | 'text';
}

/** Caps that keep a hostile or huge file from stalling the tab: ours are far below them. */
const MAX_STREAMS = 2000;
const MAX_INFLATED_PER_STREAM = 8 * 1024 * 1024;
const MAX_INFLATED_TOTAL = 64 * 1024 * 1024;

const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

/** A verification link with a seal in its fragment, as text anywhere in the file. */
const SEALED_LINK =
  /https?:\/\/[^\s()<>[\]{}"'\\]{1,200}?\/verify-signature\?[^\s()<>[\]{}"'\\#]{0,400}#[A-Z2-7]{40,400}/g;

/** Inflates a FlateDecode stream; what came out before an error (or the cap) is kept. */
async function inflate(data: Uint8Array, cap: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = new Blob([data as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new DecompressionStream('deflate'))
      .getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
      if (size >= cap) {
        void reader.cancel().catch(() => undefined);
        break;
      }
    }
  } catch {
    // damaged or trailing bytes: keep what was inflated
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c.subarray(0, size - at), at);
    at += c.length;
  }
  return out;
}

/** Streams whose only filter is FlateDecode and that are not images or fonts: content, forms, object streams. */
export async function inflatedStreams(bytes: Uint8Array): Promise<string[]> {
  const text = latin1(bytes);
  const out: string[] = [];
  let total = 0;
  const starts = /\bstream(\r\n|\n|\r)/g;
  for (let m = starts.exec(text); m && out.length < MAX_STREAMS; m = starts.exec(text)) {
    const dataStart = m.index + m[0].length;
    const objStart = text.lastIndexOf(' obj', m.index);
    const dict = text.slice(Math.max(objStart, m.index - 2000), m.index);
    const end = text.indexOf('endstream', dataStart);
    if (end < 0) break;
    starts.lastIndex = end;
    if (
      !/\/FlateDecode/.test(dict) ||
      /\/(Image|FontFile\d?|Length1|DCTDecode|LZWDecode|JBIG2Decode)\b/.test(dict)
    )
      continue;
    let dataEnd = end;
    if (text[dataEnd - 1] === '\n') dataEnd--;
    if (text[dataEnd - 1] === '\r') dataEnd--;
    const inflated = await inflate(bytes.subarray(dataStart, dataEnd), MAX_INFLATED_PER_STREAM);
    total += inflated.length;
    out.push(latin1(inflated));
    if (total > MAX_INFLATED_TOTAL) break;
  }
  return out;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

const NUMBER = String.raw`(-?\d*\.?\d+)`;
const OPS = new RegExp(
  String.raw`${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+${NUMBER}\s+re(?=\s|$)|(?<![\w.])(f\*?|F|B\*?|b\*?|S|s|n)(?=\s|$)`,
  'g',
);

/** Rectangles filled together (`re … re f`): a QR code is drawn as one such path of its dark runs. */
function filledRectGroups(content: string): Rect[][] {
  const groups: Rect[][] = [];
  let current: Rect[] = [];
  for (const m of content.matchAll(OPS)) {
    if (m[5] === undefined) {
      current.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) });
      continue;
    }
    if (/^[fFBb]/.test(m[5]) && current.length >= 30) groups.push(current);
    current = [];
  }
  return groups;
}

/**
 * The QR code a group of rectangles draws, read back with jsQR: each rectangle is a run of dark
 * modules one module high, the top-left finder pattern puts module (0, 0) at the smallest x and y.
 */
function qrFromRects(rects: Rect[]): string | null {
  const cell = Math.min(...rects.map((r) => Math.abs(r.h)));
  if (!(cell > 0)) return null;
  if (rects.some((r) => Math.abs(Math.abs(r.h) - cell) > cell * 0.05)) return null;
  const minX = Math.min(...rects.map((r) => Math.min(r.x, r.x + r.w)));
  const minY = Math.min(...rects.map((r) => Math.min(r.y, r.y + r.h)));
  const cells = rects.map((r) => ({
    row: Math.round((Math.min(r.y, r.y + r.h) - minY) / cell),
    col: Math.round((Math.min(r.x, r.x + r.w) - minX) / cell),
    span: Math.max(1, Math.round(Math.abs(r.w) / cell)),
  }));
  const size = Math.max(...cells.map((c) => Math.max(c.row + 1, c.col + c.span)));
  if (size < 21 || size > 177) return null;
  const quiet = 4;
  const px = 4;
  const side = (size + 2 * quiet) * px;
  for (const flip of [false, true]) {
    const image = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const c of cells) {
      const row = flip ? size - 1 - c.row : c.row;
      for (let y = (row + quiet) * px; y < (row + quiet + 1) * px; y++) {
        for (let x = (c.col + quiet) * px; x < (c.col + c.span + quiet) * px; x++) {
          const at = (y * side + x) * 4;
          image[at] = image[at + 1] = image[at + 2] = 0;
        }
      }
    }
    const text = jsQR(image, side, side, { inversionAttempts: 'dontInvert' })?.data;
    if (text) return text;
  }
  return null;
}

/**
 * The sealed verification links a PDF carries: the QR codes Inkproof draws on its pages (stamps,
 * certificate page) read back from the content streams' rectangles, and any such link written as
 * text in the file or its compressed streams. In file order, each once.
 */
export async function sealedLinksInPdf(bytes: Uint8Array): Promise<FoundLink[]> {
  const found = new Map<string, FoundLink>();
  const add = (link: string, from: FoundLink['from']) => {
    if (!found.has(link)) found.set(link, { link, from });
  };
  const streams = await inflatedStreams(bytes);
  for (const content of streams) {
    for (const group of filledRectGroups(content)) {
      const text = qrFromRects(group);
      if (text && /#[A-Z2-7]+$/.test(text)) add(text, 'qr');
    }
  }
  for (const text of [latin1(bytes), ...streams]) {
    for (const m of text.matchAll(SEALED_LINK)) add(m[0], 'text');
  }
  return [...found.values()];
}

export const looksLikePdf = (bytes: Uint8Array) => latin1(bytes.subarray(0, 1024)).includes('%PDF-');
