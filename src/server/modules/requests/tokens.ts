import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';

/**
 * A recipient's personal link: 256 random bits, of which only the SHA-256 is stored, so the link
 * exists only in the mail. It lives while its request is open and its recipient has yet to finish.
 */
export async function issueLink(trx: Transaction<Database>, recipientId: number, at: string) {
  const token = randomToken(32);
  await trx
    .insertInto('signing_links')
    .values({ recipient_id: recipientId, token_hash: sha256(token), created_at: at })
    .execute();
  return token;
}

/** Every live link of the recipients given stops working (a resend, a finish, the request's end). */
export async function revokeLinks(trx: Transaction<Database>, recipientIds: number[], at: string) {
  if (recipientIds.length === 0) return;
  await trx
    .updateTable('signing_links')
    .set({ revoked_at: at })
    .where('recipient_id', 'in', recipientIds)
    .where('revoked_at', 'is', null)
    .execute();
}

export const signingPath = (token: string) => `/sign/${token}`;

/** a***@example.com: what the public verification page shows of a signer's address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
