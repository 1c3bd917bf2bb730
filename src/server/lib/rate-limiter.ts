import type { Expression, ExpressionBuilder, OnConflictDatabase, OnConflictTables } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database } from '../db/schema.ts';
import { iso, type Clock } from './clock.ts';

export interface LimitState {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in the database, so every instance on one database counts together.
 * One upsert per hit: the row restarts its window when the old one has passed.
 */
export class DbRateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowMs: number, amount = 1): Promise<LimitState> {
    return this.upsert(key, windowMs, amount, (eb) => eb('rate_limits.count', '+', amount));
  }

  /** Raises the stored value to at least `value` (a threshold, not a count). */
  async raiseTo(key: string, value: number, windowMs: number): Promise<LimitState> {
    return this.upsert(key, windowMs, value, (eb) =>
      eb.case().when('rate_limits.count', '<', value).then(value).else(eb.ref('rate_limits.count')).end(),
    );
  }

  /**
   * One statement: insert the row, or update it with `next` inside its window, or restart the
   * window with `fresh` once it has passed.
   */
  private async upsert(
    key: string,
    windowMs: number,
    fresh: number,
    next: (
      eb: ExpressionBuilder<OnConflictDatabase<Database, 'rate_limits'>, OnConflictTables<'rate_limits'>>,
    ) => Expression<number>,
  ): Promise<LimitState> {
    const now = iso(this.clock.now());
    const resetAt = iso(this.clock.now() + windowMs);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: fresh, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          count: eb.case().when('rate_limits.reset_at', '<=', now).then(fresh).else(next(eb)).end(),
          reset_at: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(resetAt)
            .else(eb.ref('rate_limits.reset_at'))
            .end(),
        })),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: row.count, resetAt: Date.parse(row.reset_at) };
  }

  /** The current count without adding to it (0 once the window has passed). */
  async peek(key: string): Promise<LimitState> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || Date.parse(row.reset_at) <= this.clock.now()) return { count: 0, resetAt: 0 };
    return { count: row.count, resetAt: Date.parse(row.reset_at) };
  }

  /**
   * Gives back attempts reserved with hit() that turned out not to count (a correct password),
   * never below zero and only inside the current window: a new window already starts at zero.
   */
  async release(key: string, amount = 1): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({
        count: eb
          .case()
          .when('count', '>', amount)
          .then(eb('count', '-', amount))
          .else(0)
          .end(),
      }))
      .where('key', '=', key)
      .where('reset_at', '>', iso(this.clock.now()))
      .execute();
  }

  /** The same counters through another handle, e.g. a transaction they must commit with. */
  using(db: Db): DbRateLimiter {
    return new DbRateLimiter(db, this.clock);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', iso(this.clock.now())).execute();
  }
}

export const retryAfterSeconds = (state: LimitState, clock: Clock) =>
  Math.max(1, Math.ceil((state.resetAt - clock.now()) / 1000));
