import crypto from 'node:crypto';
import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomCode } from '#server/lib/crypto.ts';

const COUNT = 10;
// No 0/o, 1/l/i: read off paper without doubt. 10 of 31 symbols: about 50 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * Single-use recovery codes (decision 030): stored as HMAC-SHA-256 under a server key, not
 * argon2id. 50 random bits cannot be guessed from a leaked table without the key (kept apart, in
 * app_secrets), and a keyed hash is looked up in one indexed comparison instead of ten slow ones.
 */
export class RecoveryCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly key: string,
  ) {}

  private hash(code: string) {
    return crypto.createHmac('sha256', this.key).update(`recovery:${code}`).digest('hex');
  }

  /** Replaces any earlier codes; returns the new ones, shown once as `xxxxx-xxxxx`. */
  async replace(db: Db, userId: number): Promise<string[]> {
    const codes = Array.from({ length: COUNT }, () => randomCode(10, ALPHABET));
    const now = iso(this.clock.now());
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('recovery_codes')
      .values(
        codes.map((c) => ({ user_id: userId, code_hash: this.hash(c), created_at: now, used_at: null })),
      )
      .execute();
    return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
  }

  /** `code` is normalised (10 lower-case characters). Spent in one conditional update: once only. */
  async use(userId: number, code: string): Promise<boolean> {
    const res = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: iso(this.clock.now()) })
      .where('user_id', '=', userId)
      .where('code_hash', '=', this.hash(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async left(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
