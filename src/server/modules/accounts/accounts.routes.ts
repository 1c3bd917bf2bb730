import { accountMessages as m } from '#shared/accounts/messages.ts';
import {
  changePasswordRequestSchema,
  forgotPasswordSchema,
  loginLinkSchema,
  loginSchema,
  profileSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenQuerySchema,
} from '#shared/accounts/schemas.ts';
import type { FastifyReply } from 'fastify';
import type { App } from '#server/app-types.ts';
import { securityMessages as sm } from '#shared/accounts/security-messages.ts';
import { deviceLabel } from '#shared/accounts/device.ts';
import { currentUser, requireUser, signedOut } from '#server/plugins/auth.ts';
import { endSession } from '#server/modules/sessions/session-cookie.ts';
import { toPublicUser, type Throttled } from './accounts.service.ts';
import { isCommonPassword } from './common-passwords.ts';
import { afterFirstStep, publicUserOf, tellSessionTimeout } from './sign-in.ts';
import { attemptedDetail } from '#shared/admin/activity.ts';

const tooMany = (reply: FastifyReply, t: Throttled, message: string) =>
  reply.code(429).header('Retry-After', String(t.retryAfter)).send({ message, retryAfter: t.retryAfter });

export function accountRoutes(app: App) {
  app.get('/api/user', async (req, reply) => {
    const user = req.session?.user;
    if (!user) return signedOut(reply);
    tellSessionTimeout(app, reply);
    return publicUserOf(app, user);
  });

  app.post('/api/login', { schema: { body: loginSchema } }, async (req, reply) => {
    const { email, password, captcha } = req.body;
    // The CAPTCHA first: only attempts that solved one are counted, so nobody can run up an
    // account's counters for free.
    const check = await app.captcha.check(req.session?.id, 'login', captcha);
    if (check !== 'ok') {
      await app.activity.log('captcha-failed', { ip: req.ip, detail: `login: ${check}` });
      return reply
        .code(400)
        .send({ message: check === 'expired' ? m.captchaExpired : m.captchaWrong, captcha: check });
    }
    const result = await app.accounts.login(email, password, req.ip, req.body.signUpToken);
    if (result.kind === 'throttled') {
      await app.activity.log('login-throttled', {
        ip: req.ip,
        detail: attemptedDetail(email.trim().toLowerCase()),
      });
      return tooMany(reply, result, m.tooManyLogins);
    }
    if (result.kind === 'held') return reply.code(401).send({ message: m.loginHeld });
    if (result.kind === 'invalid') return reply.code(401).send({ message: m.invalidCredentials });
    if (result.kind === 'disabled') return reply.code(403).send({ message: m.accountDisabled });
    return afterFirstStep(app, req, reply, result.user);
  });

  app.post('/api/login-link', { schema: { body: loginLinkSchema } }, async (req, reply) => {
    const result = await app.accounts.loginWithLink(req.body.token, req.body.email);
    if (result.kind === 'invalid') return reply.code(400).send({ message: m.loginLinkInvalid });
    if (result.kind === 'disabled') return reply.code(403).send({ message: m.accountDisabled });
    return afterFirstStep(app, req, reply, result.user, 'one-time link');
  });

  app.post('/api/register', { schema: { body: registerRequestSchema } }, async (req, reply) => {
    const check = await app.captcha.check(req.session?.id, 'register', req.body.securityQuestion);
    if (check !== 'ok') {
      await app.activity.log('captcha-failed', { ip: req.ip, detail: `register: ${check}` });
      return reply
        .code(400)
        .send({ message: check === 'expired' ? m.captchaExpired : m.captchaWrong, captcha: check });
    }
    if (isCommonPassword(req.body.password)) return reply.code(400).send({ message: sm.passwordCommon });
    const throttled = await app.accounts.registrationThrottle(req.ip);
    if (throttled) return tooMany(reply, throttled, m.tooManySignUps);
    // The same answer for a new and a taken address (decision 018): the mail says which it was.
    await app.accounts.register(req.body, req.ip);
    return reply.code(202).send({ message: m.signUpRequested });
  });

  app.post('/api/logout', async (req, reply) => {
    const userId = req.session?.user?.id;
    await endSession(app, req, reply);
    if (userId) await app.activity.log('logout', { userId, ip: req.ip });
    return reply.code(204).send();
  });

  app.post('/api/session/keepalive', { onRequest: requireUser }, async (req, reply) => {
    await app.sessions.touch(req.session!.id);
    return tellSessionTimeout(app, reply).code(204).send();
  });

  app.get('/api/verify-email', { schema: { querystring: tokenQuerySchema } }, async (req, reply) => {
    const outcome = await app.accounts.verifyEmail(req.query.token, req.query.email, req.ip);
    if (outcome === 'invalid') return reply.code(400).send({ message: m.verifyInvalid });
    if (outcome === 'sign-up') return { message: m.signUpFinish, finishSignUp: true };
    return { message: m.verifyOk };
  });

  app.post('/api/forgot-password', { schema: { body: forgotPasswordSchema } }, async (req, reply) => {
    const check = await app.captcha.check(req.session?.id, 'forgot-password', req.body.captcha);
    if (check !== 'ok') {
      await app.activity.log('captcha-failed', { ip: req.ip, detail: `forgot-password: ${check}` });
      return reply
        .code(400)
        .send({ message: check === 'expired' ? m.captchaExpired : m.captchaWrong, captcha: check });
    }
    const throttled = await app.accounts.requestPasswordReset(req.body.email, req.ip);
    if (throttled) return tooMany(reply, throttled, m.tooManyResets);
    return { message: m.resetRequested };
  });

  app.get('/api/verify-reset-token', { schema: { querystring: tokenQuerySchema } }, async (req, reply) => {
    const valid = await app.accounts.isResetTokenValid(req.query.token, req.query.email);
    if (!valid) return reply.code(400).send({ message: m.resetLinkInvalid });
    return { valid: true };
  });

  app.post('/api/reset-password', { schema: { body: resetPasswordRequestSchema } }, async (req, reply) => {
    const { token, email, password } = req.body;
    if (isCommonPassword(password)) return reply.code(400).send({ message: sm.passwordCommon });
    const ok = await app.accounts.resetPassword(token, email, password, req.ip);
    if (!ok) return reply.code(400).send({ message: m.resetLinkInvalid });
    const user = await app.accounts.findByEmail(email);
    const s = app.accountSecurity;
    if (user)
      s.notifyByMail(
        user,
        s.mails.passwordChanged(s.settingsLink, req.ip, deviceLabel(req.headers['user-agent'])),
      );
    return { message: m.resetOk };
  });

  app.post(
    '/api/user/change-password',
    { onRequest: requireUser, schema: { body: changePasswordRequestSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      if (isCommonPassword(req.body.newPassword)) return reply.code(400).send({ message: sm.passwordCommon });
      const result = await app.accounts.changePassword(user, req.body.currentPassword, req.body.newPassword);
      if (result === 'wrong') return reply.code(400).send({ message: m.currentPasswordWrong });
      if (result === 'same') return reply.code(400).send({ message: m.samePassword });
      await app.sessions.destroyForUser(user.id, req.session!.id);
      const s = app.accountSecurity;
      const mail = s.mails.passwordChanged(s.settingsLink, req.ip, deviceLabel(req.headers['user-agent']));
      await s.notify(user, 'password-changed', req.ip, mail);
      return { message: m.passwordChanged };
    },
  );

  app.put(
    '/api/user/profile',
    { onRequest: requireUser, schema: { body: profileSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      // The address changes only through POST /api/user/email-change: password and a mailed link.
      if (req.body.email.trim().toLowerCase() !== user.email)
        return reply.code(400).send({ message: sm.emailChangeUseForm });
      const result = await app.accounts.updateProfile(user, req.body);
      if (result.kind === 'email-taken') return reply.code(409).send({ message: m.emailTaken });
      await app.activity.log('profile-changed', { userId: user.id, ip: req.ip });
      return toPublicUser(result.user);
    },
  );
}
