import type { Db } from '#server/db/kysely.ts';
import { isoPrefixCache, type Clock } from '#server/lib/clock.ts';
import { IpBlockList } from '#server/lib/ip-block-list.ts';
import { reportBadRow, writeInChunks, type WarnLog } from '#server/lib/write-in-chunks.ts';

interface Counts {
  requests: number;
  lookups: number;
  limited: number;
}

const MAX_KEYS = 50_000;
const REFRESH_MS = 5000;
/** What a blocked address reads: on the page it gets and in the API's 403 answer. */
export const blockedMessage =
  'Access from your network has been blocked. Contact the site administrator if you think this is a mistake.';

/**
 * Requests, look-ups and rate-limit hits per IP and hour (counted in memory, written in batches),
 * and the admin's IP block list (cached, re-read every few seconds so every instance applies it).
 */
export class IpTracking {
  private pending = new Map<string, Counts>();
  private readonly blocked = new IpBlockList();
  private timer: NodeJS.Timeout | undefined;
  private readonly hour: () => string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: WarnLog,
  ) {
    this.hour = isoPrefixCache(clock, 13);
  }

  private bump(ip: string, field: keyof Counts) {
    const key = `${this.hour()}|${ip}`;
    let c = this.pending.get(key);
    if (!c) {
      if (this.pending.size >= MAX_KEYS) return;
      c = { requests: 0, lookups: 0, limited: 0 };
      this.pending.set(key, c);
    }
    c[field] += 1;
  }

  request(ip: string) {
    this.bump(ip, 'requests');
  }
  lookup(ip: string) {
    this.bump(ip, 'lookups');
  }
  limited(ip: string) {
    this.bump(ip, 'limited');
  }

  /** An API request: counted for its IP; false when the IP is blocked (answer `blockedApiBody`, 403). */
  admitApi(ip: string) {
    this.bump(ip, 'requests');
    return !this.blocked.has(ip);
  }

  isBlocked(ip: string) {
    return this.blocked.has(ip);
  }

  /**
   * Re-reads the block list: at once on this instance after an admin's change, and every few
   * seconds on every instance (the list is small; another instance's change applies within that).
   */
  async refreshBlocked() {
    const rows = await this.db.selectFrom('blocked_ips').select('ip').execute();
    this.blocked.replace(rows.map((r) => r.ip));
  }

  async flush() {
    if (this.pending.size === 0) return;
    const rows = [...this.pending].map(([key, c]) => {
      const [hour, ip] = key.split('|') as [string, string];
      return { hour, ip, ...c };
    });
    this.pending = new Map();
    await writeInChunks(
      rows,
      200,
      (chunk) =>
        this.db
          .insertInto('ip_stats')
          .values(chunk)
          .onConflict((oc) =>
            oc.columns(['hour', 'ip']).doUpdateSet((eb) => ({
              requests: eb('ip_stats.requests', '+', eb.ref('excluded.requests')),
              lookups: eb('ip_stats.lookups', '+', eb.ref('excluded.lookups')),
              limited: eb('ip_stats.limited', '+', eb.ref('excluded.limited')),
            })),
          )
          .execute(),
      reportBadRow(this.log, 'ip_stats'),
    );
  }

  start() {
    this.timer = setInterval(() => {
      void Promise.all([this.flush(), this.refreshBlocked()]).catch((err: Error) =>
        this.log.warn({ err: err.message }, 'IP statistics flush failed'),
      );
    }, REFRESH_MS);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }
}
