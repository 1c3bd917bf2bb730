import { toHex } from '#shared/seals/bytes.ts';

/** Where an incremental update may end: just after a `%%EOF`, with each end-of-line that may follow. */
export interface RevisionMatch {
  /** 1-based: the revision whose end is `end`. */
  revision: number;
  /** How many revisions (`%%EOF` markers) the file has. */
  count: number;
  /** Bytes 0..end-1 are the original file. */
  end: number;
}

const EOF = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF
const CR = 0x0d;
const LF = 0x0a;
/** A PDF with more updates than this is not one we wrote; hashing them all would stall the tab. */
export const MAX_REVISIONS = 500;

/** Offsets just after each `%%EOF` marker of the file, in order. */
export function eofMarkers(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (
    let i = bytes.indexOf(0x25);
    i >= 0 && i <= bytes.length - EOF.length;
    i = bytes.indexOf(0x25, i + 1)
  ) {
    if (EOF.every((b, k) => bytes[i + k] === b)) out.push(i + EOF.length);
  }
  return out;
}

/** The prefix lengths an original file may have had, each marker with and without its EOL. */
function prefixEnds(bytes: Uint8Array, marker: number): number[] {
  const ends = [marker];
  if (bytes[marker] === CR || bytes[marker] === LF) ends.push(marker + 1);
  if (bytes[marker] === CR && bytes[marker + 1] === LF) ends.push(marker + 2);
  return ends;
}

const sha256Hex = async (b: Uint8Array) =>
  toHex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', b as Uint8Array<ArrayBuffer>)));

/**
 * Finds the revision of a PDF that is the original file a document seal names: the prefix ending
 * at one of its `%%EOF` markers (signing appends incremental updates, so the upload stays a prefix
 * byte for byte) whose SHA-256 is `originalSha256`. The whole file counts too (an original with
 * bytes after its last marker, or a file never updated). Null when no prefix matches.
 */
export async function findOriginalRevision(
  bytes: Uint8Array,
  originalSha256: string,
): Promise<RevisionMatch | null> {
  const want = originalSha256.toLowerCase();
  const markers = eofMarkers(bytes).slice(0, MAX_REVISIONS);
  const count = Math.max(1, markers.length);
  const tried = new Set<number>();
  for (const [i, marker] of markers.entries()) {
    for (const end of prefixEnds(bytes, marker)) {
      tried.add(end);
      if ((await sha256Hex(bytes.subarray(0, end))) === want) return { revision: i + 1, count, end };
    }
  }
  if (!tried.has(bytes.length) && (await sha256Hex(bytes)) === want) {
    return { revision: count, count, end: bytes.length };
  }
  return null;
}
