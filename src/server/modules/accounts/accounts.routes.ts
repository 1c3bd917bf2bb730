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
import {
  firstStepAnswer,
  publicUser,
  resetTokenAnswer,
  signUpAnswer,
  verifyEmailAnswer,
} from '#shared/accounts/answers.ts';
import { messageAnswer, noContent } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { securityMessages as sm } from '#shared/accounts/security-messages.ts';
import { deviceLabel } from '#shared/accounts/device.ts';
import { conflict, forbidden, invalid, throttled, unauthenticated } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { endSession } from '#server/modules/sessions/session-cookie.ts';
import type { CaptchaCheck } from '../captcha/captcha.service.ts';
import { toPublicUser, type Throttled } from './accounts.service.ts';
import { isCommonPassword } from './common-passwords.ts';
import { afterFirstStep, publicUserOf, tellSessionTimeout } from './sign-in.ts';
import { attemptedDetail } from '#shared/admin/activity.ts';

/** A 429 whose body tells the wait too: the sign-in forms word it ("try again in 4 minutes"). */
const tooMany = (t: Throttled, message: string) =>
  throttled(message, t.retryAfter, { retryAfter: t.retryAfter });

/** A CAPTCHA that was not solved; `captcha` tells the form whether to draw a new one. */
const captchaRefused = (check: Exclude<CaptchaCheck, 'ok'>) =>
  invalid(check === 'expired' ? m.captchaExpired : m.captchaWrong, { captcha: check });

export function accountRoutes(app: App) {
  app.get(
    '/api/user',
    { onRequest: requireUser, schema: { response: { 200: publicUser } } },
    async (req, reply) => {
      tellSessionTimeout(app, reply);
      return publicUserOf(app, currentUser(req));
    },
  );

  app.post(
    '/api/login',
    { schema: { body: loginSchema, response: { 200: firstStepAnswer } } },
    async (req, reply) => {
      const { email, password, captcha } = req.body;
      // The CAPTCHA first: only attempts that solved one are counted, so nobody can run up an
      // account's counters for free.
      const check = await app.captcha.check(req.session?.id, 'login', captcha);
      if (check !== 'ok') {
        await app.activity.log('captcha-failed', { ip: req.ip, detail: `login: ${check}` });
        throw captchaRefused(check);
      }
      const result = await app.accounts.login(email, password, req.ip, req.body.signUpToken);
      switch (result.kind) {
        case 'throttled':
          await app.activity.log('login-throttled', {
            ip: req.ip,
            detail: attemptedDetail(email.trim().toLowerCase()),
          });
          throw tooMany(result, m.tooManyLogins);
        case 'held':
          throw unauthenticated(m.loginHeld);
        case 'invalid':
          throw unauthenticated(m.invalidCredentials);
        case 'disabled':
          throw forbidden(m.accountDisabled);
      }
      return afterFirstStep(app, req, reply, result.user);
    },
  );

  app.post(
    '/api/login-link',
    { schema: { body: loginLinkSchema, response: { 200: firstStepAnswer } } },
    async (req, reply) => {
      const result = await app.accounts.loginWithLink(req.body.token, req.body.email);
      if (result.kind === 'invalid') throw invalid(m.loginLinkInvalid);
      if (result.kind === 'disabled') throw forbidden(m.accountDisabled);
      return afterFirstStep(app, req, reply, result.user, 'one-time link');
    },
  );

  app.post(
    '/api/register',
    { schema: { body: registerRequestSchema, response: { 202: signUpAnswer } } },
    async (req, reply) => {
      const check = await app.captcha.check(req.session?.id, 'register', req.body.securityQuestion);
      if (check !== 'ok') {
        await app.activity.log('captcha-failed', { ip: req.ip, detail: `register: ${check}` });
        throw captchaRefused(check);
      }
      if (isCommonPassword(req.body.password)) throw invalid(sm.passwordCommon);
      const over = await app.accounts.registrationThrottle(req.ip);
      if (over) throw tooMany(over, m.tooManySignUps);
      // The same answer for a new and a taken address (decision 018): the mail says which it was.
      await app.accounts.register(req.body, req.ip);
      return reply.code(202).send({ message: m.signUpRequested });
    },
  );

  app.post('/api/logout', { schema: { response: { 204: noContent } } }, async (req, reply) => {
    const userId = req.session?.user?.id;
    await endSession(app, req, reply);
    if (userId) await app.activity.log('logout', { userId, ip: req.ip });
    return reply.code(204).send(undefined);
  });

  app.post(
    '/api/session/keepalive',
    { onRequest: requireUser, schema: { response: { 204: noContent } } },
    async (req, reply) => {
      await app.sessions.touch(req.session!.id);
      return tellSessionTimeout(app, reply).code(204).send(undefined);
    },
  );

  app.get(
    '/api/verify-email',
    { schema: { querystring: tokenQuerySchema, response: { 200: verifyEmailAnswer } } },
    async (req) => {
      const outcome = await app.accounts.verifyEmail(req.query.token, req.query.email, req.ip);
      if (outcome === 'invalid') throw invalid(m.verifyInvalid);
      if (outcome === 'sign-up') return { message: m.signUpFinish, finishSignUp: true as const };
      return { message: m.verifyOk };
    },
  );

  app.post(
    '/api/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageAnswer } } },
    async (req) => {
      const check = await app.captcha.check(req.session?.id, 'forgot-password', req.body.captcha);
      if (check !== 'ok') {
        await app.activity.log('captcha-failed', { ip: req.ip, detail: `forgot-password: ${check}` });
        throw captchaRefused(check);
      }
      const over = await app.accounts.requestPasswordReset(req.body.email, req.ip);
      if (over) throw tooMany(over, m.tooManyResets);
      return { message: m.resetRequested };
    },
  );

  app.get(
    '/api/verify-reset-token',
    { schema: { querystring: tokenQuerySchema, response: { 200: resetTokenAnswer } } },
    async (req) => {
      const valid = await app.accounts.isResetTokenValid(req.query.token, req.query.email);
      if (!valid) throw invalid(m.resetLinkInvalid);
      return { valid: true as const };
    },
  );

  app.post(
    '/api/reset-password',
    { schema: { body: resetPasswordRequestSchema, response: { 200: messageAnswer } } },
    async (req) => {
      const { token, email, password } = req.body;
      if (isCommonPassword(password)) throw invalid(sm.passwordCommon);
      const ok = await app.accounts.resetPassword(token, email, password, req.ip);
      if (!ok) throw invalid(m.resetLinkInvalid);
      const user = await app.accounts.findByEmail(email);
      const s = app.accountSecurity;
      if (user)
        s.notifyByMail(
          user,
          s.mails.passwordChanged(s.settingsLink, req.ip, deviceLabel(req.headers['user-agent'])),
        );
      return { message: m.resetOk };
    },
  );

  app.post(
    '/api/user/change-password',
    {
      onRequest: requireUser,
      schema: { body: changePasswordRequestSchema, response: { 200: messageAnswer } },
    },
    async (req) => {
      const user = currentUser(req);
      if (isCommonPassword(req.body.newPassword)) throw invalid(sm.passwordCommon);
      const result = await app.accounts.changePassword(user, req.body.currentPassword, req.body.newPassword);
      if (result === 'wrong') throw invalid(m.currentPasswordWrong);
      if (result === 'same') throw invalid(m.samePassword);
      await app.sessions.destroyForUser(user.id, req.session!.id);
      const s = app.accountSecurity;
      const mail = s.mails.passwordChanged(s.settingsLink, req.ip, deviceLabel(req.headers['user-agent']));
      await s.notify(user, 'password-changed', req.ip, mail);
      return { message: m.passwordChanged };
    },
  );

  app.put(
    '/api/user/profile',
    { onRequest: requireUser, schema: { body: profileSchema, response: { 200: publicUser } } },
    async (req) => {
      const user = currentUser(req);
      // The address changes only through POST /api/user/email-change: password and a mailed link.
      if (req.body.email.trim().toLowerCase() !== user.email) throw invalid(sm.emailChangeUseForm);
      const result = await app.accounts.updateProfile(user, req.body);
      if (result.kind === 'email-taken') throw conflict(m.emailTaken);
      await app.activity.log('profile-changed', { userId: user.id, ip: req.ip });
      return toPublicUser(result.user);
    },
  );
}
