import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { App } from '#server/app-types.ts';
import { ensureSession } from '#server/modules/sessions/session-cookie.ts';
import { captchaPurposes } from './captcha.service.ts';

const querySchema = z.object({ purpose: z.enum(captchaPurposes).default('login') });

const tooMany = (reply: FastifyReply, retryAfter: number, message: string) =>
  reply.code(429).header('Retry-After', String(retryAfter)).send({ message, retryAfter });

export function captchaRoutes(app: App) {
  // A visitor without an account gets an anonymous session, which CSRF tokens and CAPTCHAs bind to.
  app.get('/api/csrf', async (req, reply) => {
    if (!ensureSession(app, req, reply))
      return tooMany(
        reply,
        app.anonymousLimits.sessionRetryAfter(req.ip, app.clock.now()),
        m.tooManySessions,
      );
    return reply.code(204).send();
  });

  app.get('/api/captcha', { schema: { querystring: querySchema } }, async (req, reply) => {
    if (!app.anonymousLimits.allowCaptcha(req.ip))
      return tooMany(
        reply,
        app.anonymousLimits.captchaRetryAfter(req.ip, app.clock.now()),
        m.tooManyCaptchas,
      );
    const session = ensureSession(app, req, reply);
    if (!session)
      return tooMany(
        reply,
        app.anonymousLimits.sessionRetryAfter(req.ip, app.clock.now()),
        m.tooManySessions,
      );
    await app.sessions.persist(session);
    return app.captcha.issue(session.id, req.query.purpose);
  });
}
