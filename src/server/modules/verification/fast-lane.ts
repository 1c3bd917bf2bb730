import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { App } from '#server/app-types.ts';
import { readCookie, sessionCookieName } from '#server/lib/cookies.ts';
import { serverError } from '#server/plugins/errors.ts';
import { isCoveredByFastLane } from '#server/plugins/fast-lane-hooks.ts';
import type { HttpTally } from '#server/plugins/http-tally.ts';
import { blockedApiBody } from '#server/plugins/ip-tracking.ts';
import { metricsTally } from '#server/plugins/metrics.ts';
import { apiJsonAnswerHeaders } from '#server/plugins/security-headers.ts';
import { isPlainReference, lookUp, REFERENCE_ROUTE, type LookupAnswer } from './verification.routes.ts';

const PREFIX = '/api/signatures/reference/';
/** Fastify's request hooks; the application hooks (onReady, onClose, ...) do not touch requests. */
const REQUEST_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FastLaneState {
  /** On once the app is ready and its hooks are all ones the lane reproduces. */
  readonly active: boolean;
  /** Why it is off, when it is. */
  readonly offBecause: string | null;
  /** Requests the lane answered (tests check the lane really ran). */
  readonly served: number;
}

const states = new WeakMap<App, FastLaneState>();
export const fastLaneState = (app: App): FastLaneState | undefined => states.get(app);

/**
 * Request hooks registered on the root instance (so on every route, the look-up's too) that the
 * lane does not reproduce. Read through Fastify's internal hooks symbol: if that ever changes, the
 * answer is "unknown" and the lane stays off (fast-lane.test.ts then fails, asking for a look).
 */
function uncoveredHooks(app: App): string[] | null {
  const symbol = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.hooks');
  const hooks = symbol && (app as unknown as Record<symbol, Record<string, unknown>>)[symbol];
  if (!hooks) return null;
  const out: string[] = [];
  for (const name of REQUEST_HOOKS) {
    const list = hooks[name];
    if (!Array.isArray(list)) return null;
    for (const hook of list)
      if (!isCoveredByFastLane(hook)) out.push(`${name} ${hook.name || '(anonymous)'}`);
  }
  return out;
}

/**
 * Fastify's request.ip and request.protocol for our TRUST_PROXY shapes (lib/request.js); `https`
 * is overHttps (lib/cookies.ts): always when PUBLIC_URL is https.
 */
function clientOf(trustProxy: boolean | string[], publicHttps: boolean) {
  if (!trustProxy) {
    return (req: IncomingMessage) => ({
      ip: req.socket.remoteAddress,
      https: publicHttps || (req.socket as TLSSocket).encrypted === true,
    });
  }
  const trust = trustProxy === true ? () => true : proxyAddr.compile(trustProxy);
  const last = (v: string) => {
    const i = v.lastIndexOf(',');
    return i === -1 ? v.trim() : v.slice(i + 1).trim();
  };
  return (req: IncomingMessage) => {
    const all = proxyAddr.all(req, trust);
    const proto = req.headers['x-forwarded-proto'];
    const https =
      publicHttps ||
      (typeof proto === 'string' && proto !== '' && trust(req.socket.remoteAddress ?? '', 0)
        ? last(proto) === 'https'
        : (req.socket as TLSSocket).encrypted === true);
    return { ip: all[all.length - 1], https };
  };
}

/**
 * The look-up's fast lane (decision 036): `GET|HEAD /api/signatures/reference/<plain ref>` without
 * a query, a session cookie or a body is answered straight from node:http's request event, through
 * the same functions the Fastify route and its app-wide hooks use (IP block list and counts, the
 * look-up's gate, counts and answer, the security headers, the /metrics tally, the error answer).
 * Everything else, and everything while the lane is off, goes to Fastify's handler unchanged.
 *
 * Installed right after Fastify creates its server (the server keeps every option Fastify gave it):
 * Fastify's own request listener is wrapped, not replaced.
 */
export function installLookupFastLane(
  app: App,
  opts: { enabled: boolean; trustProxy: boolean | string[]; publicHttps: boolean; requestLogging: boolean },
) {
  const state = { active: false, offBecause: null as string | null, served: 0 };
  states.set(app, state);
  const listeners = app.server.listeners('request') as Handler[];
  const off = !opts.enabled
    ? 'switched off (LOOKUP_FAST_LANE=off)'
    : opts.requestLogging
      ? 'request logging is on (LOG_LEVEL debug or trace): Fastify logs each request'
      : listeners.length !== 1
        ? 'the server has no single request listener to wrap'
        : null;
  if (off) {
    state.offBecause = off;
    return;
  }
  const fastify = listeners[0]!;
  const client = clientOf(opts.trustProxy, opts.publicHttps);
  let tally: HttpTally | undefined;

  app.addHook('onReady', (done) => {
    const uncovered = uncoveredHooks(app);
    if (uncovered === null) state.offBecause = "Fastify's hooks could not be read";
    else if (uncovered.length) state.offBecause = `hooks it does not reproduce: ${uncovered.join(', ')}`;
    else {
      state.active = true;
      tally = metricsTally(app);
    }
    if (state.offBecause) app.log.warn(`look-up fast lane off: ${state.offBecause}`);
    done();
  });
  // Closing: Fastify answers 503 to new requests; let it.
  app.addHook('preClose', (done) => {
    state.active = false;
    done();
  });

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    https: boolean,
    a: LookupAnswer,
    start: number,
  ) => {
    res.writeHead(a.status, apiJsonAnswerHeaders(https, Buffer.byteLength(a.body), a.retryAfter));
    res.end(a.body);
    tally?.record(REFERENCE_ROUTE, req.method!, a.status, performance.now() - start);
  };

  const lane = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url!;
    if (!url.startsWith(PREFIX) || !state.active) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const ref = url.slice(PREFIX.length);
    if (!isPlainReference(ref)) return false;
    const h = req.headers;
    if (h['transfer-encoding'] !== undefined || (h['content-length'] ?? '0') !== '0') return false;
    const start = tally ? performance.now() : 0;
    const { ip, https } = client(req);
    if (h.cookie !== undefined && readCookie(h.cookie, sessionCookieName(https))) return false;
    if (ip === undefined) return false;
    state.served++;
    if (!app.ipTracking.admitApi(ip)) {
      send(req, res, https, { status: 403, body: blockedApiBody }, start);
      return true;
    }
    lookUp(app, ip, undefined, undefined, () => app.verification.byReference(ref)).then(
      (a) => send(req, res, https, a, start),
      (err: Error) =>
        send(req, res, https, { status: 500, body: serverError(app, app.log, url, err) }, start),
    );
    return true;
  };

  app.server.removeListener('request', fastify);
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!lane(req, res)) fastify(req, res);
  });
}
