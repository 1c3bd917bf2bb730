/** Document references: printed on signed PDFs and encoded in their QR codes. */

/** No look-alikes (0/O, 1/I/L, U/V): people type these from paper. */
export const DOCUMENT_REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
export const DOCUMENT_REFERENCE_PATTERN = /^DOC-\d{8}-[A-Z0-9]{8}$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** DOC-YYYYMMDD-XXXXXXXX: the signing day and 8 random characters (about 39 bits). */
export function generateDocumentReference(
  date = new Date(),
  random: (n: number) => number = secureRandom,
): string {
  const ymd = `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
  let tail = '';
  for (let i = 0; i < 8; i++) tail += DOCUMENT_REFERENCE_ALPHABET[random(DOCUMENT_REFERENCE_ALPHABET.length)];
  return `DOC-${ymd}-${tail}`;
}

function secureRandom(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return buf[0]! % n;
}

/** The public verification page for a signed document (what its QR codes encode). */
export const documentVerificationUrl = (origin: string, reference: string) =>
  `${origin.replace(/\/+$/, '')}/verify-signature?document=${encodeURIComponent(reference)}`;
