/** Reference numbers (part 2 §3, §5, §9). */

/** What a look-up accepts: SIG-8 digits-4+ alphanumerics, optionally -suffix; case-insensitive. */
export const REFERENCE_PATTERN = /^SIG-\d{8}-[A-Z0-9]{4,}(-[A-Z0-9]+)?$/i;
export const REFERENCE_MAX = 64;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** SIG-YYYYMMDD-NNNN with a 4-digit random part (more digits when asked, to dodge collisions). */
export function generateReference(date = new Date(), digits = 4, random: () => number = Math.random): string {
  const ymd = `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
  const n = Math.floor(random() * 10 ** digits);
  return `SIG-${ymd}-${pad(n, digits)}`;
}

export const normalizeReference = (ref: string) => ref.trim().toUpperCase();

/** The verification URL a QR code encodes (part 2 §3). */
export function verificationUrl(
  origin: string,
  v: { id: number | string; ref: string; name?: string | null; timestamp: string },
): string {
  const q = new URLSearchParams({ id: String(v.id), ref: v.ref });
  if (v.name) q.set('name', v.name);
  q.set('timestamp', v.timestamp);
  return `${origin.replace(/\/+$/, '')}/verify-signature?${q.toString()}`;
}
