import type { Bytes } from './bytes.ts';

/**
 * RFC 4648 base32, upper case, no padding: every character is in the QR alphanumeric set
 * (0-9 A-Z space $ % * + - . / :), which packs 2 characters in 11 bits, and none needs escaping
 * in a URL fragment or gets cut by a link detector (decision 029).
 */
export const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function toBase32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = ((value << 8) | b) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(value >> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The bytes, or null when the text is not canonical unpadded base32: a character outside the
 * alphabet, a length no byte count gives, or unused trailing bits set. Lower case is accepted
 * (a reader may fold the case of a scanned link).
 */
export function fromBase32(text: string): Bytes | null {
  if ([1, 3, 6].includes(text.length % 8)) return null;
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of text.toUpperCase()) {
    const v = BASE32_ALPHABET.indexOf(ch);
    if (v < 0) return null;
    value = ((value << 5) | v) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return (value & ((1 << bits) - 1)) === 0 ? out : null;
}
