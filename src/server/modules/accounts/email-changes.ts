import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';

const TTL_MS = 24 * 60 * 60 * 1000;

export type ConfirmOutcome =
  { kind: 'ok'; userId: number; oldEmail: string; newEmail: string } | { kind: 'invalid' | 'taken' };

/**
 * An e-mail change waits for the link sent to the new address: until then the
 * account keeps its old address. One live request per user; the token is stored as its SHA-256.
 */
export class EmailChanges {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async request(userId: number, newEmail: string): Promise<string> {
    const token = randomToken(32);
    const now = this.clock.now();
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('email_changes').where('user_id', '=', userId).execute();
      await tx
        .insertInto('email_changes')
        .values({
          user_id: userId,
          new_email: newEmail,
          token_hash: sha256(token),
          expires_at: iso(now + TTL_MS),
          used_at: null,
          created_at: iso(now),
        })
        .execute();
    });
    return token;
  }

  /** Spends the link and moves the account to the new address, in one transaction. */
  async confirm(token: string): Promise<ConfirmOutcome> {
    const now = iso(this.clock.now());
    return this.db.transaction().execute(async (tx): Promise<ConfirmOutcome> => {
      const row = await tx
        .updateTable('email_changes')
        .set({ used_at: now })
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email'])
        .executeTakeFirst();
      if (!row) return { kind: 'invalid' };
      const user = await tx
        .selectFrom('users')
        .select('email')
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      if (!user) return { kind: 'invalid' };
      const taken = await tx
        .selectFrom('users')
        .select('id')
        .where('email', '=', row.new_email)
        .executeTakeFirst();
      if (taken) return { kind: 'taken' };
      await tx
        .updateTable('users')
        .set({ email: row.new_email, email_verified_at: now, updated_at: now })
        .where('id', '=', row.user_id)
        .execute();
      return { kind: 'ok', userId: row.user_id, oldEmail: user.email, newEmail: row.new_email };
    });
  }
}
