import type { Db } from '#server/db/kysely.ts';
import type { TokensTable } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';

export type TokenKind = TokensTable['kind'];

/**
 * One-time tokens mailed to a user (verification, reset, sign-in link): 256 random bits, only
 * their SHA-256 stored, bound to the user's address, expiring. `db` may be a transaction.
 */
export class Tokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, kind: TokenKind, ttlMs: number) {
    const token = randomToken(32);
    const now = this.clock.now();
    await this.db
      .insertInto('tokens')
      .values({
        user_id: userId,
        kind,
        token_hash: sha256(token),
        expires_at: iso(now + ttlMs),
        created_at: iso(now),
      })
      .execute();
    return token;
  }

  find(db: Db, token: string, email: string, kind: TokenKind) {
    return db
      .selectFrom('tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id'])
      .where('t.token_hash', '=', sha256(token))
      .where('t.kind', '=', kind)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', iso(this.clock.now()))
      .where('u.email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** Marks the token used in one conditional update, so two concurrent uses cannot both win. */
  async consume(db: Db, token: string, email: string, kind: TokenKind) {
    const row = await this.find(db, token, email, kind);
    if (!row) return undefined;
    const res = await db
      .updateTable('tokens')
      .set({ used_at: iso(this.clock.now()) })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? row : undefined;
  }
}
