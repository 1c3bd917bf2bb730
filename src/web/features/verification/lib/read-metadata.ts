import { pngTextChunks } from '#web/features/verification/lib/png-text-chunks.ts';
import { requestFromText } from '#web/features/verification/lib/request-from-text.ts';
import type { LookupRequest } from '#web/features/verification/lib/lookup-types.ts';

/** The keys the creator writes into every download (PNG text chunk, XMP, JPEG comment, SVG metadata). */
export const METADATA_URL_KEY = 'Inkproof-Verify-URL';
export const METADATA_REFERENCE_KEY = 'Inkproof-Reference';

/** Metadata sits in the first and last few hundred KB of a file; a photo's pixels need no search. */
const SCAN_BYTES = 512 * 1024;
const latin1 = new TextDecoder('latin1');

const unescapeXml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#38;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

// Printable URL characters only: metadata sits between binary bytes with no separator after it.
const URL_PATTERN = /https?:\/\/[\w\-.~:@!$&()*+,;=%]+\/verify-signature\?[\w\-.~:/?#@!$&()*+,;=%[\]]+/;
const REFERENCE_TEXT = /SIG-\d{8}-[A-Z0-9]{4,}(?:-[A-Z0-9]+)?/i;

const URL_KEYS = [METADATA_URL_KEY, 'inkproof:VerifyURL'];
const REFERENCE_KEYS = [METADATA_REFERENCE_KEY, 'inkproof:Reference'];

function afterKey(text: string, key: string, length: number): string | null {
  const at = text.indexOf(key);
  return at < 0 ? null : unescapeXml(text.slice(at + key.length, at + key.length + length));
}

/** Our keys first (`key="value"`, `<ns:key>value<`, `key\0value`, `key: value`), then any link or reference. */
function scanText(raw: string): LookupRequest | null {
  for (const key of URL_KEYS) {
    const url = URL_PATTERN.exec(afterKey(raw, key, 2200) ?? '');
    const found = url ? requestFromText(url[0]) : null;
    if (found) return found;
  }
  for (const key of REFERENCE_KEYS) {
    const ref = REFERENCE_TEXT.exec(afterKey(raw, key, 200) ?? '');
    if (ref) return requestFromText(ref[0]);
  }
  const text = unescapeXml(raw);
  const url = URL_PATTERN.exec(text);
  const fromUrl = url ? requestFromText(url[0]) : null;
  if (fromUrl) return fromUrl;
  const ref = REFERENCE_TEXT.exec(text);
  return ref ? requestFromText(ref[0]) : null;
}

/** A reference the file names in its own metadata, or anywhere in its text, if any. */
export async function requestFromMetadata(bytes: Uint8Array): Promise<LookupRequest | null> {
  const chunks = await pngTextChunks(bytes);
  for (const key of [METADATA_URL_KEY, METADATA_REFERENCE_KEY]) {
    const value = chunks.get(key);
    const found = value ? requestFromText(value) : null;
    if (found) return found;
  }
  const chunkText = [...chunks].map(([k, v]) => `${k}\0${v}`).join('\n');
  const head = bytes.subarray(0, SCAN_BYTES);
  const tail =
    bytes.length > SCAN_BYTES ? bytes.subarray(Math.max(SCAN_BYTES, bytes.length - SCAN_BYTES)) : null;
  const text = [chunkText, latin1.decode(head), tail ? latin1.decode(tail) : ''].join('\n');
  return scanText(text);
}
