/**
 * Where a revision chains to: the file's last `startxref` and the kind of section it points at.
 * The revision writer reads this from the bytes itself rather than from the PDF library, so a
 * file it cannot chain to is refused as damaged before anything is appended.
 */

/** A file whose end is not a cross-reference the next revision can chain to. */
export class DamagedPdfError extends Error {
  override name = 'DamagedPdfError';
}

export interface LastXref {
  /** Byte offset of the newest cross-reference section: the next revision's /Prev. */
  offset: number;
  /** The section is a cross-reference stream (`N G obj`), not a table (`xref`). */
  stream: boolean;
}

// Readers look for `startxref` near the end: in the last 1024 bytes, trailing white space aside.
const TAIL = 1024;
const isWhite = (b: number) => b === 0 || b === 9 || b === 10 || b === 12 || b === 13 || b === 32;
const isDigit = (b: number) => b >= 48 && b <= 57;

function matches(bytes: Uint8Array, at: number, word: string) {
  if (at < 0 || at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word.charCodeAt(i)) return false;
  return true;
}

/** Digits from `at`; the number and where it ends, or null when there are none (or too many). */
function integerAt(bytes: Uint8Array, at: number): { value: number; end: number } | null {
  let end = at;
  while (end < bytes.length && isDigit(bytes[end]!)) end++;
  if (end === at || end - at > 15) return null;
  let value = 0;
  for (let i = at; i < end; i++) value = value * 10 + bytes[i]! - 48;
  return { value, end };
}

function skipWhite(bytes: Uint8Array, at: number) {
  while (at < bytes.length && isWhite(bytes[at]!)) at++;
  return at;
}

/** `N G obj` at `at`: the start of an indirect object (here, a cross-reference stream). */
function objectHeaderAt(bytes: Uint8Array, at: number) {
  const num = integerAt(bytes, at);
  if (!num) return false;
  let pos = skipWhite(bytes, num.end);
  if (pos === num.end) return false;
  const gen = integerAt(bytes, pos);
  if (!gen) return false;
  pos = skipWhite(bytes, gen.end);
  return pos > gen.end && matches(bytes, pos, 'obj');
}

/**
 * The last `startxref` of the file and what it points at. Throws `DamagedPdfError` when there is
 * none, its offset is not a number, or nothing but a table or stream may sit at that offset.
 */
export function lastXref(bytes: Uint8Array): LastXref {
  let end = bytes.length;
  while (end > 0 && isWhite(bytes[end - 1]!)) end--;
  const from = Math.max(0, end - TAIL);
  let marker = -1;
  for (let i = end - 'startxref'.length; i >= from; i--)
    if (matches(bytes, i, 'startxref')) {
      marker = i;
      break;
    }
  if (marker < 0) throw new DamagedPdfError('the file has no startxref');
  const number = integerAt(bytes, skipWhite(bytes, marker + 'startxref'.length));
  if (!number) throw new DamagedPdfError('the startxref offset is not a number');
  const offset = number.value;
  // Offset 0 is the header: no cross-reference section can start there.
  if (offset <= 0 || offset >= marker) throw new DamagedPdfError('the startxref offset is outside the file');
  if (matches(bytes, offset, 'xref')) return { offset, stream: false };
  if (objectHeaderAt(bytes, offset)) return { offset, stream: true };
  throw new DamagedPdfError('the startxref offset points at no cross-reference section');
}
