import { z } from 'zod';
import type { App } from '../../app.ts';
import { ensureSession } from '../../plugins/session.ts';
import { captchaPurposes } from './captcha.service.ts';

const querySchema = z.object({ purpose: z.enum(captchaPurposes).default('login') });

export function captchaRoutes(app: App) {
  // A visitor without an account gets an anonymous session, which CSRF tokens and CAPTCHAs bind to.
  app.get('/api/csrf', async (req, reply) => {
    await ensureSession(app, req, reply);
    return reply.code(204).send();
  });

  app.get('/api/captcha', { schema: { querystring: querySchema } }, async (req, reply) => {
    const session = await ensureSession(app, req, reply);
    return app.captcha.issue(session.id, req.query.purpose);
  });
}
