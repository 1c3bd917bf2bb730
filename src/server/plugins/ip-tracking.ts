import { createHash } from 'node:crypto';
import type { onRequestHookHandler } from 'fastify';
import type { App } from '../app-types.ts';
import type { Db } from '../db/kysely.ts';
import { isoPrefixCache, type Clock } from '../lib/clock.ts';
import { IpBlockList } from '../lib/ip-block-list.ts';
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

const blockedStyle =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fb;color:#1f2937;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}' +
  'main{max-width:32rem;margin:1.5rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.12)}' +
  'h1{margin:0 0 .75rem;font-size:1.5rem;color:#1e3a8a}p{margin:0}';

/**
 * What a blocked address gets for a page: self-contained (no script, no file of the app, which
 * it may not load either), so it is the same on every route. Its CSP allows exactly its style.
 */
export const blockedPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Access blocked</title><style>${blockedStyle}</style></head>
<body><main><h1>Access blocked</h1><p>${blockedMessage}</p></main></body></html>
`;
const blockedPageCsp = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(blockedStyle).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** What a blocked address gets from the API (403), whichever path answers. */
export const blockedApiBody = JSON.stringify({ message: blockedMessage, blocked: true });

/** Probes of a load balancer or orchestrator answer whatever the block list says. */
const OPEN_PATHS = new Set(['/healthz', '/readyz']);

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

/**
 * Counts every API request per IP, and turns a blocked address away from everything: 403 with
 * JSON for the API, a small static page for pages and files. A callback hook, the first of the
 * per-request hooks: nothing here waits (an async hook costs a promise per request on the
 * hottest route), and the block list answers from memory.
 */
export function registerIpTracking(app: App) {
  const hook: onRequestHookHandler = (req, reply, done) => {
    if (req.url.startsWith('/api/')) {
      if (app.ipTracking.admitApi(req.ip)) return done();
      return void reply.code(403).type('application/json; charset=utf-8').send(blockedApiBody);
    }
    if (!app.ipTracking.isBlocked(req.ip) || OPEN_PATHS.has(req.url)) return done();
    void reply
      .code(403)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', blockedPageCsp)
      .header('cache-control', 'no-store')
      .send(blockedPage);
  };
  app.addHook('onRequest', hook);
}
