import { createHash } from 'node:crypto';
import type { onRequestHookHandler } from 'fastify';
import type { App } from '../app-types.ts';
import { blockedMessage } from '../modules/ip-tracking/ip-tracking.ts';

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
