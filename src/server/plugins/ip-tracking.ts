import type { App } from '../app-types.ts';
import type { Db } from '../db/kysely.ts';
import { isoPrefixCache, type Clock } from '../lib/clock.ts';
import { reportBadRow, writeInChunks, type WarnLog } from '../lib/write-in-chunks.ts';

interface Counts {
  requests: number;
  lookups: number;
  limited: number;
}

const MAX_KEYS = 50_000;
const REFRESH_MS = 5000;
export const blockedMessage =
  'Access from your network has been blocked. Contact the site administrator if you think this is a mistake.';

/**
 * Requests, look-ups and rate-limit hits per IP and hour (counted in memory, written in batches),
 * and the admin's IP block list (cached, re-read every few seconds so every instance applies it).
 */
export class IpTracking {
  private pending = new Map<string, Counts>();
  private blocked = new Set<string>();
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

  isBlocked(ip: string) {
    return this.blocked.has(ip);
  }

  async refreshBlocked() {
    const rows = await this.db.selectFrom('blocked_ips').select('ip').execute();
    this.blocked = new Set(rows.map((r) => r.ip));
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

/**
 * Counts every API request per IP and turns blocked IPs away (the static site stays reachable).
 * A callback hook, like the other per-request hooks: nothing here waits, and an async hook costs
 * a promise per request on the hottest route.
 */
export function registerIpTracking(app: App) {
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    app.ipTracking.request(req.ip);
    if (!app.ipTracking.isBlocked(req.ip)) return done();
    void reply.code(403).send({ message: blockedMessage, blocked: true });
  });
}
