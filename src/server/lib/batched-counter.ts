import type { Clock } from './clock.ts';
import { oneAtATime } from './one-at-a-time.ts';
import type { DbRateLimiter } from './rate-limiter.ts';

interface Entry {
  /** Count the database reported at the last flush (all instances). */
  known: number;
  /** Hits on this instance being written by the flush in progress. */
  inFlight: number;
  /** Hits on this instance not yet written. */
  pending: number;
  resetAt: number;
  lastHit: number;
}

/** Keys quiet for this long are no longer re-read from the database at each flush. */
const QUIET_MS = 10_000;

/**
 * Per-key window counters for hot paths: a hit is counted in memory and answered at once; every
 * flush adds the pending hits to the shared database row and reads back the total of all
 * instances. Decisions use that total plus this instance's pending hits, so a client spreading
 * requests over instances is caught within one flush interval.
 */
export class BatchedCounter {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly store: DbRateLimiter,
    private readonly clock: Clock,
    private readonly prefix: string,
    private readonly windowMs: () => number,
  ) {}

  hit(key: string): number {
    const now = this.clock.now();
    let e = this.entries.get(key);
    if (!e || e.resetAt <= now) {
      e = { known: 0, inFlight: 0, pending: 0, resetAt: now + this.windowMs(), lastHit: now };
      this.entries.set(key, e);
    }
    e.pending += 1;
    e.lastHit = now;
    return total(e);
  }

  count(key: string): number {
    const e = this.entries.get(key);
    return e && e.resetAt > this.clock.now() ? total(e) : 0;
  }

  resetAt(key: string): number {
    return this.entries.get(key)?.resetAt ?? this.clock.now();
  }

  /**
   * Flushes run one after another: an overlapping read could report a total older than a write
   * still in flight. Each call gets a flush that starts after the ones before it.
   */
  readonly flush: () => Promise<void> = oneAtATime(() => this.flushOnce());

  private async flushOnce(): Promise<void> {
    const now = this.clock.now();
    const work: Promise<void>[] = [];
    for (const [key, e] of this.entries) {
      if (e.resetAt <= now) {
        this.entries.delete(key);
        continue;
      }
      if (e.pending === 0 && now - e.lastHit > QUIET_MS) continue;
      // Hits being written still count: until the database answers, `known` does not hold them.
      const amount = e.pending;
      e.pending = 0;
      e.inFlight = amount;
      work.push(
        (amount > 0
          ? this.store.hit(this.prefix + key, this.windowMs(), amount)
          : this.store.peek(this.prefix + key)
        ).then(
          (state) => {
            e.inFlight = 0;
            e.known = state.count;
            if (state.resetAt) e.resetAt = state.resetAt;
          },
          () => {
            e.inFlight = 0;
            e.pending += amount; // try again at the next flush
          },
        ),
      );
    }
    await Promise.all(work);
  }
}

const total = (e: Entry) => e.known + e.inFlight + e.pending;
