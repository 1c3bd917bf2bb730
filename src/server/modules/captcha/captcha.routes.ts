import { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { noContent } from '#shared/answers.ts';
import { captchaChallenge } from '#shared/captcha/answers.ts';
import type { App } from '#server/app-types.ts';
import { throttled } from '#server/lib/outcomes.ts';
import { ensureSession } from '#server/modules/sessions/session-cookie.ts';
import { captchaPurposes } from './captcha.service.ts';

const querySchema = z.object({ purpose: z.enum(captchaPurposes).default('login') });

/** A 429 whose body tells the wait too: the forms word it ("try again in 4 minutes"). */
const tooMany = (message: string, retryAfter: number) => throttled(message, retryAfter, { retryAfter });

export function captchaRoutes(app: App) {
  const sessionsRefused = (ip: string) =>
    tooMany(m.tooManySessions, app.anonymousLimits.sessionRetryAfter(ip, app.clock.now()));

  // A visitor without an account gets an anonymous session, which CSRF tokens and CAPTCHAs bind to.
  app.get('/api/csrf', { schema: { response: { 204: noContent } } }, async (req, reply) => {
    if (!ensureSession(app, req, reply)) throw sessionsRefused(req.ip);
    return reply.code(204).send(undefined);
  });

  app.get(
    '/api/captcha',
    { schema: { querystring: querySchema, response: { 200: captchaChallenge } } },
    async (req, reply) => {
      if (!app.anonymousLimits.allowCaptcha(req.ip))
        throw tooMany(m.tooManyCaptchas, app.anonymousLimits.captchaRetryAfter(req.ip, app.clock.now()));
      const session = ensureSession(app, req, reply);
      if (!session) throw sessionsRefused(req.ip);
      await app.sessions.persist(session);
      return app.captcha.issue(session.id, req.query.purpose);
    },
  );
}
