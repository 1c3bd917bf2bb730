import type { Db } from '#server/db/kysely.ts';
import { BatchedCounter } from '#server/lib/batched-counter.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { hmac } from '#server/lib/crypto.ts';
import type { DbRateLimiter } from '#server/lib/rate-limiter.ts';
import { reportBadRow, writeInChunks, type WarnLog } from '#server/lib/write-in-chunks.ts';

export const PAGE_VIEW_PATH_MAX = 200;
const VIEWS_PER_IP_PER_MINUTE = 120;
const MAX_BUFFERED = 10_000;

/** First-party page views: no cookie, no IP stored, writes batched once a second. */
export class AnalyticsService {
  private buffer: { path: string; referrer_host: string | null; visitor: string; created_at: string }[] = [];
  private readonly perIp: BatchedCounter;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    limiter: DbRateLimiter,
    private readonly key: string,
    private readonly ownHost: () => string,
    private readonly log: WarnLog,
  ) {
    this.perIp = new BatchedCounter(limiter, clock, 'pageview:ip:', () => 60_000);
  }

  /** The path as stored, or null when the caller is over its rate. */
  record(ip: string, rawPath: string, referrer: string | undefined): string | null {
    if (this.perIp.hit(ip) > VIEWS_PER_IP_PER_MINUTE) return null;
    const path = rawPath.split(/[?#]/)[0]!.slice(0, PAGE_VIEW_PATH_MAX);
    if (this.buffer.length >= MAX_BUFFERED) return path; // a flood cannot grow memory without bound
    const now = this.clock.now();
    const day = iso(now).slice(0, 10);
    this.buffer.push({
      path,
      referrer_host: this.referrerHost(referrer),
      visitor: hmac(this.key, `${day}:${ip}`).slice(0, 16),
      created_at: iso(now),
    });
    return path;
  }

  private referrerHost(referrer: string | undefined): string | null {
    if (!referrer || !URL.canParse(referrer)) return null;
    const host = new URL(referrer).hostname.slice(0, 100);
    return host && host !== this.ownHost() ? host : null;
  }

  start() {
    this.timer = setInterval(
      () =>
        void this.flush().catch((err: Error) =>
          this.log.warn({ err: err.message }, 'page-view flush failed'),
        ),
      1000,
    );
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }

  async flush() {
    const rows = this.buffer;
    this.buffer = [];
    await this.perIp.flush();
    await writeInChunks(
      rows,
      500,
      (chunk) => this.db.insertInto('page_views').values(chunk).execute(),
      reportBadRow(this.log, 'page_views'),
    );
  }
}
