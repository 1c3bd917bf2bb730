import type { App } from '../app-types.ts';
import { API_V1 } from '../lib/api-prefix.ts';
import { overHttps, readCookie, sessionCookieName } from '../lib/cookies.ts';

/** Loads the session (and its user) of an API request that sends the cookie: `req.session`. */
export function registerSessionHooks(app: App) {
  app.decorateRequest('session', null);
  // Waits for the database only when a cookie is sent: anonymous look-ups pass straight through.
  app.addHook('onRequest', (req, _reply, done) => {
    // /api/v1 answers to tokens only (modules/api/v1.routes.ts): a cookie there is not read.
    const raw = req.url.startsWith('/api/') && !req.url.startsWith(API_V1)
      ? readCookie(req.headers.cookie, sessionCookieName(overHttps(req)))
      : undefined;
    if (!raw) return done();
    app.sessions.load(raw).then((session) => {
      req.session = session;
      done();
    }, done);
  });
}
