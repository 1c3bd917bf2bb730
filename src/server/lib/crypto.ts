import crypto from 'node:crypto';

/** A random URL-safe token; 32 bytes = 256 bits unless asked otherwise. */
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

export const sha256 = (value: string | Buffer) => crypto.createHash('sha256').update(value).digest('hex');

/** A CSP source that allows exactly this inline script or style: `'sha256-<base64>'`. */
export const cspHash = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export const hmac = (key: string, value: string) =>
  crypto.createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

export function randomCode(length: number, alphabet: string): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)];
  return out;
}
