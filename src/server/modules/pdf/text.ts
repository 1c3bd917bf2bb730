import { measureText, type ops } from '@libpdf/core';
import { covers, FAMILY_COUNT, faceId, faceWidth, type FaceId, type Weight } from './fonts.ts';
import { hasRtl, shapeArabic, visualOrder } from './rtl.ts';

export type Operator = ReturnType<typeof ops.fill>;
export type TextStyle = 'regular' | 'bold' | 'mono';
export type Standard = 'Helvetica' | 'Helvetica-Bold' | 'Courier';
const STANDARD: Record<TextStyle, Standard> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  mono: 'Courier',
};

/** A piece of a line drawn with one font; `width` in points at size 1. */
export interface Run {
  face: Standard | FaceId;
  text: string;
  width: number;
}
/** One line of text in drawing order (left to right), ready to show. */
export interface Line {
  runs: Run[];
  width: number;
}

/** WinAnsiEncoding: Latin-1 plus these at 0x80-0x9f (0 = unused), all in the standard fonts. */
const WIN_ANSI_EXTRA = new Map(
  [
    0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
    0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
    0x0153, 0, 0x017e, 0x0178,
  ]
    .map((cp, i) => [String.fromCharCode(cp), 0x80 + i] as const)
    .filter(([ch]) => ch !== '\0'),
);
const isWinAnsi = (text: string) => {
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (!((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch))) return false;
  }
  return true;
};

const clean = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u2028\u2029]/g, ' ')
    .replace(/\p{Cc}/gu, '');

/**
 * Lays out one line. Text the standard fonts can print stays in them (nothing to embed, the fast
 * path for most documents); any other text is drawn whole in the Unicode faces, so it reads as one
 * typeface, and a character no face has prints as '?'.
 */
export function layoutLine(raw: string, style: TextStyle): Line {
  const text = clean(raw);
  if (isWinAnsi(text)) {
    const face = STANDARD[style];
    const width = measureText(text, face, 1);
    return { runs: text ? [{ face, text, width }] : [], width };
  }
  return unicodeLine(text, style === 'bold' ? 'bold' : 'regular');
}

function pickFace(codePoint: number, weight: Weight): FaceId | null {
  for (let family = 0; family < FAMILY_COUNT; family++)
    if (covers(faceId(family, weight), codePoint)) return faceId(family, weight);
  return null;
}

/** Spaces, punctuation, digits and marks stay in the face of the run they are in when it has them. */
const FOLLOWS = /^[\s\p{P}\p{S}\p{N}\p{M}]$/u;

function unicodeLine(text: string, weight: Weight): Line {
  // Invisible format characters (bidi marks, joiners) have no glyphs here; drop them.
  let s = text.replace(/\p{Cf}/gu, '');
  if (hasRtl(s)) s = visualOrder(shapeArabic(s, (cp) => pickFace(cp, weight) !== null));
  const runs: Run[] = [];
  let face: FaceId | null = null;
  let buf = '';
  const flush = () => {
    if (buf) runs.push({ face: face!, text: buf, width: faceWidth(face!, buf) });
    buf = '';
  };
  const add = (f: FaceId, str: string) => {
    if (f !== face) flush();
    face = f;
    buf += str;
  };
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (face && FOLLOWS.test(ch) && covers(face, cp)) {
      add(face, ch);
      continue;
    }
    const found = printable(ch, weight);
    if (found) add(found.face, found.text);
    else add(face ?? faceId(0, weight), '?');
  }
  flush();
  return { runs, width: runs.reduce((w, r) => w + r.width, 0) };
}

/** The face and text that print one character, or null when no face has it. */
function printable(ch: string, weight: Weight): { face: FaceId; text: string } | null {
  const found = pickFace(ch.codePointAt(0)!, weight);
  if (found) return { face: found, text: ch };
  // Compatibility characters (full-width letters, ligatures) print as their plain equivalent.
  const plain = ch.normalize('NFKC');
  const plainFace = plain !== ch ? pickFace(plain.codePointAt(0)!, weight) : null;
  return plainFace && [...plain].every((c) => covers(plainFace, c.codePointAt(0)!))
    ? { face: plainFace, text: plain }
    : null;
}

/** The distinct characters `layoutLine` would print as '?' (no face has them). */
export function unprintable(raw: string, style: TextStyle = 'regular'): string[] {
  const text = clean(raw);
  if (isWinAnsi(text)) return [];
  const weight = style === 'bold' ? 'bold' : 'regular';
  const missing = new Set<string>();
  for (const ch of text.replace(/\p{Cf}/gu, '')) if (!printable(ch, weight)) missing.add(ch);
  return [...missing];
}

/** The line, cut to fit `maxWidth` points at `size` and ending with an ellipsis when cut. */
export function fitLine(text: string, style: TextStyle, size: number, maxWidth: number): Line {
  const whole = layoutLine(text, style);
  if (whole.width * size <= maxWidth) return whole;
  const chars = [...clean(text)];
  let lo = 0;
  let hi = chars.length;
  let best = layoutLine('...', style);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const line = layoutLine(`${chars.slice(0, mid).join('').trimEnd()}...`, style);
    if (line.width * size <= maxWidth) {
      lo = mid;
      best = line;
    } else hi = mid - 1;
  }
  return best;
}

/** A word cut into pieces no wider than `maxWidth` points at `size` (one character at least each). */
function breakWord(word: string, style: TextStyle, size: number, maxWidth: number): string[] {
  const chars = [...word];
  const pieces: string[] = [];
  while (chars.length > 0) {
    let lo = 1;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (layoutLine(chars.slice(0, mid).join(''), style).width * size <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    pieces.push(chars.splice(0, lo).join(''));
  }
  return pieces;
}

/**
 * Word-wrapped lines no wider than `maxWidth` points at `size`; a longer word keeps its own line,
 * or is cut into lines of its own with `breakWords` (text from users: one 300-letter "word").
 */
export function wrapLines(
  text: string,
  style: TextStyle,
  size: number,
  maxWidth: number,
  breakWords = false,
): Line[] {
  const space = layoutLine(' ', style).width;
  const lines: string[] = [];
  let current: string[] = [];
  let width = 0;
  const words = clean(text).split(' ').filter(Boolean);
  for (const word of breakWords
    ? words.flatMap((w) =>
        layoutLine(w, style).width * size > maxWidth ? breakWord(w, style, size, maxWidth) : [w],
      )
    : words) {
    const w = layoutLine(word, style).width;
    if (current.length > 0 && (width + space + w) * size > maxWidth) {
      lines.push(current.join(' '));
      current = [];
      width = 0;
    }
    width += (current.length > 0 ? space : 0) + w;
    current.push(word);
  }
  if (current.length > 0) lines.push(current.join(' '));
  return lines.map((line) => layoutLine(line, style));
}

/** Text of a standard-font run as WinAnsi bytes. */
export function winAnsiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes[i] = c <= 0xff ? c : (WIN_ANSI_EXTRA.get(text[i]!) ?? 0x3f);
  }
  return bytes;
}
