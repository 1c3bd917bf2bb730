import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import { retryAfterSeconds, type DbRateLimiter } from '#server/lib/rate-limiter.ts';

export const PENDING_LOGIN_COOKIE = 'inkproof_2fa';
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;
/** Wrong second steps one pending login may take before it ends. */
export const PENDING_LOGIN_ATTEMPTS = 5;
/** Account-wide, over every network: this many times the per-network limit. */
const ACCOUNT_FACTOR = 2;

const keys = {
  ip: (ip: string) => `2fa:ip:${ip}`,
  pair: (userId: number, ip: string) => `2fa:pair:${ip}:${userId}`,
  account: (userId: number) => `2fa:acct:${userId}`,
};

export type Reserved =
  | { kind: 'reserved'; userId: number; detail: string | null }
  | { kind: 'expired' | 'ended' }
  | { kind: 'throttled'; retryAfter: number };

/**
 * A right password for an account with two-factor (decision 030): a row that
 * lives 5 minutes, found only through the random value in the browser's HttpOnly cookie (the
 * row keeps its SHA-256), spent by the first right second step.
 */
export class PendingLogins {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: DbRateLimiter,
    private readonly limits: () => SecurityLimits,
  ) {}

  async create(userId: number, detail: string | null): Promise<string> {
    const raw = randomToken(32);
    const now = this.clock.now();
    // Expired rows go on the way (the clean-up timer also clears them).
    await this.db.deleteFrom('pending_logins').where('expires_at', '<=', iso(now)).execute();
    await this.db
      .insertInto('pending_logins')
      .values({
        id: sha256(raw),
        user_id: userId,
        attempts: 0,
        detail,
        created_at: iso(now),
        expires_at: iso(now + PENDING_LOGIN_TTL_MS),
      })
      .execute();
    return raw;
  }

  /** The live pending login of this cookie value, without counting anything. */
  async find(raw: string | undefined) {
    if (!raw || raw.length > 100) return undefined;
    return this.db
      .selectFrom('pending_logins')
      .selectAll()
      .where('id', '=', sha256(raw))
      .where('expires_at', '>', iso(this.clock.now()))
      .where('attempts', '<', PENDING_LOGIN_ATTEMPTS)
      .executeTakeFirst();
  }

  /**
   * Counts one attempt before the code is checked, in single statements, so concurrent attempts
   * cannot all see a count under a limit: on the pending login (5, then it ends), on the network,
   * on the account from this network, and on the account from everywhere.
   */
  async reserve(raw: string | undefined, ip: string): Promise<Reserved> {
    if (!raw || raw.length > 100) return { kind: 'expired' };
    const id = sha256(raw);
    const now = iso(this.clock.now());
    const row = await this.db
      .updateTable('pending_logins')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('expires_at', '>', now)
      .where('attempts', '<', PENDING_LOGIN_ATTEMPTS)
      .returning(['user_id', 'detail'])
      .executeTakeFirst();
    if (!row) {
      const ended = await this.db
        .selectFrom('pending_logins')
        .select('id')
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return { kind: ended ? 'ended' : 'expired' };
    }
    const l = this.limits();
    const checks: [string, number][] = [
      [keys.ip(ip), l.loginFailuresPerIp],
      [keys.pair(row.user_id, ip), l.loginFailuresPerAccount],
      [keys.account(row.user_id), l.loginFailuresPerAccount * ACCOUNT_FACTOR],
    ];
    for (const [key, limit] of checks) {
      const state = await this.limiter.hit(key, l.loginWindowMs);
      if (state.count > limit) return { kind: 'throttled', retryAfter: retryAfterSeconds(state, this.clock) };
    }
    return { kind: 'reserved', userId: row.user_id, detail: row.detail };
  }

  /** Spends the pending login: only one caller gets its user. */
  async consume(raw: string): Promise<number | null> {
    const row = await this.db
      .deleteFrom('pending_logins')
      .where('id', '=', sha256(raw))
      .where('expires_at', '>', iso(this.clock.now()))
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** A right second step: its reservations are given back, this network's failures forgiven. */
  async succeeded(userId: number, ip: string) {
    await Promise.all([
      this.limiter.release(keys.ip(ip)),
      this.limiter.release(keys.account(userId)),
      this.limiter.reset(keys.pair(userId, ip)),
    ]);
  }

  async purgeExpired() {
    await this.db.deleteFrom('pending_logins').where('expires_at', '<=', iso(this.clock.now())).execute();
  }
}
