import type { Db } from '../db/kysely.ts';
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
    const now = iso(this.clock.now());
    const resetAt = iso(this.clock.now() + windowMs);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: amount, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(amount)
            .else(eb('rate_limits.count', '+', amount))
            .end(),
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

  /** Raises the stored value to at least `value` (a threshold, not a count). */
  async raiseTo(key: string, value: number, windowMs: number): Promise<LimitState> {
    const now = iso(this.clock.now());
    const resetAt = iso(this.clock.now() + windowMs);
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: value, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limits.reset_at', '<=', now)
            .then(value)
            .when('rate_limits.count', '<', value)
            .then(value)
            .else(eb.ref('rate_limits.count'))
            .end(),
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

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', iso(this.clock.now())).execute();
  }
}

export const retryAfterSeconds = (state: LimitState, clock: Clock) =>
  Math.max(1, Math.ceil((state.resetAt - clock.now()) / 1000));
