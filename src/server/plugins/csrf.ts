import { CSRF_HEADER } from '#shared/constants.ts';
import { accountMessages } from '#shared/accounts/messages.ts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types.ts';
import { API_V1 } from '../lib/api-prefix.ts';
import { hmac, safeEqual } from '../lib/crypto.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Anonymous beacons that change nothing a user owns (each route says why it is safe). */
const EXEMPT = new Set(['/api/analytics/pageview']);

/**
 * Defence in depth beside the token: a browser names the page that sent a request. A state change
 * is refused when the browser says it came from another site (Sec-Fetch-Site cannot be set by
 * page scripts), or when it names an origin that is neither the public URL nor the host asked.
 * Clients that send neither header (curl, server-to-server) still need the token.
 */
export function isCrossSite(req: FastifyRequest, publicUrl: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined || site === 'same-origin') return false;
  return origin !== new URL(publicUrl).origin && origin !== `${req.protocol}://${req.host}`;
}

/**
 * The token is an HMAC of the session id under a server key: tied to the session, nothing extra
 * to store, and valid on every instance sharing the database's key.
 */
export function registerCsrf(app: App, key: string) {
  const tokenFor = (sessionId: string) => hmac(key, `csrf:${sessionId}`);

  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return done();
    // Token calls carry no cookie, so there is nothing for another site to forge.
    if (req.url.startsWith(API_V1)) return done();
    if (isCrossSite(req, app.site.publicUrl)) {
      void reply.code(403).send({ message: accountMessages.crossSiteRefused });
      return;
    }
    if (EXEMPT.has(req.url)) return done();
    // Logging out without a session changes nothing, so there is nothing to forge.
    if (!req.session && req.url === '/api/logout') return done();
    const sent = req.headers[CSRF_HEADER];
    const ok = req.session && typeof sent === 'string' && safeEqual(sent, tokenFor(req.session.id));
    if (ok) return done();
    // `code` lets the client fetch a fresh token (GET /api/csrf) and retry once.
    void reply.code(403).send({ message: accountMessages.csrfInvalid, code: 'csrf' });
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.session) reply.header('X-CSRF-Token', tokenFor(req.session.id));
    done(null, payload);
  });
}
