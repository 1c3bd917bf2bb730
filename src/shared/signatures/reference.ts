/** Reference numbers. */

/** What a look-up accepts: SIG-8 digits-4+ alphanumerics, optionally -suffix; case-insensitive. */
export const REFERENCE_PATTERN = /^SIG-\d{8}-[A-Z0-9]{4,}(-[A-Z0-9]+)?$/i;
export const REFERENCE_MAX = 64;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A uniform random number in [0, 1) from the platform's CSPRNG (Math.random's state can be recovered). */
export const secureRandom = () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

const ymd = (date: Date) => `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;

/** SIG-YYYYMMDD-NNNN with a 4-digit random part (more digits when asked, to dodge collisions). */
export function generateReference(
  date = new Date(),
  digits = 4,
  random: () => number = secureRandom,
): string {
  const n = Math.floor(random() * 10 ** digits);
  return `SIG-${ymd(date)}-${pad(n, digits)}`;
}

const UNGUESSABLE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const UNGUESSABLE_LENGTH = 12;

/**
 * SIG-YYYYMMDD- and 12 characters of a 32-letter alphabet (60 bits): the reference of a signature
 * that is not public. Nobody can find such a reference by trying to save it, so a refused save
 * ("already in use") tells only what the caller already knew.
 */
export function unguessableReference(date = new Date()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(UNGUESSABLE_LENGTH));
  let tail = '';
  for (const b of bytes) tail += UNGUESSABLE_ALPHABET[b & 31];
  return `SIG-${ymd(date)}-${tail}`;
}

export const normalizeReference = (ref: string) => ref.trim().toUpperCase();

/** The verification URL a QR code encodes. */
export function verificationUrl(
  origin: string,
  v: { id: number | string; ref: string; name?: string | null; timestamp: string },
): string {
  const q = new URLSearchParams({ id: String(v.id), ref: v.ref });
  if (v.name) q.set('name', v.name);
  q.set('timestamp', v.timestamp);
  return `${origin.replace(/\/+$/, '')}/verify-signature?${q.toString()}`;
}
