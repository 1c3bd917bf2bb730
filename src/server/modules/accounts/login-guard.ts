import type { Clock } from '#server/lib/clock.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import { retryAfterSeconds, type DbRateLimiter, type LimitState } from '#server/lib/rate-limiter.ts';

export type Throttled = { kind: 'throttled'; retryAfter: number };

/**
 * Past this many times the per-account limit, counted over every network in one window, a correct
 * password no longer opens a session but earns a mailed one-time link (decision 018).
 */
export const HOLD_FACTOR = 10;

const keys = {
  ip: (ip: string) => `login:ip:${ip}`,
  pair: (address: string, ip: string) => `login:pair:${ip}:${address}`,
  account: (address: string) => `login:acct:${address}`,
  warned: (address: string) => `login:warned:${address}`,
};

/**
 * The log-in counters (decision 018). Each attempt is reserved with one atomic upsert per counter
 * before the password is checked, so concurrent attempts cannot all read a count under the limit.
 * - per IP, over all accounts: the IP's `loginFailuresPerIp`;
 * - per account and IP: `loginFailuresPerAccount`, so a network that failed on an account is
 *   paused for it while the owner, elsewhere, still signs in;
 * - per account, over all networks: past HOLD_FACTOR x the limit the attempt is held.
 */
export class LoginGuard {
  constructor(
    private readonly limiter: DbRateLimiter,
    private readonly limits: () => SecurityLimits,
    private readonly clock: Clock,
  ) {}

  async reserve(
    address: string,
    ip: string,
  ): Promise<Throttled | { kind: 'reserved'; held: boolean; accountAttempts: number }> {
    const l = this.limits();
    const byIp = await this.limiter.hit(keys.ip(ip), l.loginWindowMs);
    if (byIp.count > l.loginFailuresPerIp) return this.throttled(byIp);
    const pair = await this.limiter.hit(keys.pair(address, ip), l.loginWindowMs);
    if (pair.count > l.loginFailuresPerAccount) return this.throttled(pair);
    const account = await this.limiter.hit(keys.account(address), l.loginWindowMs);
    return {
      kind: 'reserved',
      held: account.count > l.loginFailuresPerAccount * HOLD_FACTOR,
      accountAttempts: account.count,
    };
  }

  /** A correct password: its reservations are given back and this network's failures forgiven. */
  async succeeded(address: string, ip: string) {
    await Promise.all([
      this.limiter.release(keys.ip(ip)),
      this.limiter.release(keys.account(address)),
      this.limiter.reset(keys.pair(address, ip)),
    ]);
  }

  /** True once per window: whether this failure should be the one that warns the owner. */
  async shouldWarn(address: string, accountAttempts: number) {
    const l = this.limits();
    if (accountAttempts < l.loginFailuresPerAccount) return false;
    return (await this.limiter.hit(keys.warned(address), l.loginWindowMs)).count === 1;
  }

  /** After a password reset through the mailbox: the account and the resetting network start afresh. */
  async forgive(limiter: DbRateLimiter, address: string, ip: string) {
    await limiter.reset(keys.account(address));
    await limiter.reset(keys.pair(address, ip));
  }

  private throttled(state: LimitState): Throttled {
    return { kind: 'throttled', retryAfter: retryAfterSeconds(state, this.clock) };
  }
}
