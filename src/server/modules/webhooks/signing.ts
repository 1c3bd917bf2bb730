import crypto from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
export const newSecret = () => `${PREFIX}${crypto.randomBytes(32).toString('base64')}`;

/**
 * The `webhook-signature` header of Standard Webhooks: for each secret, `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body` keyed with the secret's bytes, space-separated. After a
 * rotation both secrets sign, so a receiver that still holds the previous one keeps verifying.
 */
export function signatureHeader(
  secrets: string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
      const mac = crypto
        .createHmac('sha256', key)
        .update(`${id}.${timestampSeconds}.${body}`)
        .digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}
