import { BatchedCounter } from '#server/lib/batched-counter.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { DbRateLimiter } from '#server/lib/rate-limiter.ts';
import type { WarnLog } from '#server/lib/write-in-chunks.ts';

const MINUTE_MS = 60_000;
const FLUSH_MS = 1000;

/**
 * How fast one IP may start anonymous sessions and draw CAPTCHAs. Counted in memory and shared
 * through the database once a second (like the look-up limits), so a loop of requests costs a Map
 * update each instead of a row.
 */
export class AnonymousLimits {
  private readonly sessions: BatchedCounter;
  private readonly captchas: BatchedCounter;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    limiter: DbRateLimiter,
    clock: Clock,
    private readonly limits: () => SecurityLimits,
    private readonly log: WarnLog,
  ) {
    this.sessions = new BatchedCounter(limiter, clock, 'anon-session:ip:', () => MINUTE_MS);
    this.captchas = new BatchedCounter(limiter, clock, 'captcha:ip:', () => MINUTE_MS);
  }

  allowSession(ip: string): boolean {
    return this.sessions.hit(ip) <= this.limits().anonymousSessionsPerIpPerMinute;
  }

  allowCaptcha(ip: string): boolean {
    return this.captchas.hit(ip) <= this.limits().captchasPerIpPerMinute;
  }

  /** Seconds until the IP's CAPTCHA window ends (for Retry-After). */
  captchaRetryAfter(ip: string, now: number): number {
    return Math.max(1, Math.ceil((this.captchas.resetAt(ip) - now) / 1000));
  }

  sessionRetryAfter(ip: string, now: number): number {
    return Math.max(1, Math.ceil((this.sessions.resetAt(ip) - now) / 1000));
  }

  start() {
    this.timer = setInterval(
      () =>
        void this.flush().catch((err: Error) =>
          this.log.warn({ err: err.message }, 'anonymous limits flush failed'),
        ),
      FLUSH_MS,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }

  async flush() {
    await Promise.all([this.sessions.flush(), this.captchas.flush()]);
  }
}
