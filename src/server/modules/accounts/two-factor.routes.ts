import { accountMessages as am } from '#shared/accounts/messages.ts';
import { deviceLabel } from '#shared/accounts/device.ts';
import {
  firstStepAnswer,
  recoveryCodesAnswer,
  totpSetup,
  twoFactorStatus,
} from '#shared/accounts/answers.ts';
import {
  passwordConfirmSchema,
  secondStepSchema,
  totpConfirmSchema,
  totpDisableSchema,
} from '#shared/accounts/security.ts';
import { securityMessages as m } from '#shared/accounts/security-messages.ts';
import { messageAnswer } from '#shared/answers.ts';
import type { FastifyRequest } from 'fastify';
import type { App } from '#server/app-types.ts';
import { readCookie } from '#server/lib/cookies.ts';
import { conflict, forbidden, invalid, throttled, unauthenticated } from '#server/lib/outcomes.ts';
import { confirmPassword, currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { PENDING_LOGIN_COOKIE } from './pending-logins.ts';
import { clearPendingLogin, completeSignIn } from './sign-in.ts';

const tooMany = (retryAfter: number) => throttled(m.tooManyCodes, retryAfter, { retryAfter });

/** The authenticator app in the settings, and the second sign-in step. */
export function twoFactorRoutes(app: App) {
  const s = app.accountSecurity;
  const device = (req: FastifyRequest) => deviceLabel(req.headers['user-agent']);

  /** Codes checked from a signed-in session count per user too, before they are checked. */
  const codeLimit = rateLimit(app, {
    key: (req) => `2fa:user:${currentUser(req).id}`,
    max: (limits) => limits.loginFailuresPerAccount,
    windowMs: (limits) => limits.loginWindowMs,
    message: m.tooManyCodes,
    retryAfterInBody: true,
  });

  app.get(
    '/api/user/2fa',
    { onRequest: requireUser, schema: { response: { 200: twoFactorStatus } } },
    async (req) => {
      const user = currentUser(req);
      return s.twoFactor.status(user, await s.passkeys.list(user.id));
    },
  );

  app.post(
    '/api/user/2fa/totp/setup',
    { onRequest: requireUser, schema: { response: { 200: totpSetup } } },
    async (req) => {
      const result = await s.twoFactor.begin(currentUser(req));
      if (result === 'already-on') throw conflict(m.totpAlreadyOn);
      return result;
    },
  );

  app.post(
    '/api/user/2fa/totp/confirm',
    {
      onRequest: requireUser,
      schema: { body: totpConfirmSchema, response: { 200: recoveryCodesAnswer } },
      preHandler: codeLimit,
    },
    async (req) => {
      const user = currentUser(req);
      const result = await s.twoFactor.confirm(user, req.body.code);
      if (result.kind === 'not-started') throw invalid(m.totpNotStarted);
      if (result.kind === 'already-on') throw conflict(m.totpAlreadyOn);
      if (result.kind !== 'ok') throw invalid(m.codeWrong);
      await app.sessions.destroyForUser(user.id, req.session!.id);
      await s.notify(
        user,
        'two-factor-enabled',
        req.ip,
        s.mails.twoFactorOn(s.settingsLink, req.ip, device(req)),
        'app',
      );
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/api/user/2fa/totp/disable',
    {
      onRequest: requireUser,
      schema: { body: totpDisableSchema, response: { 200: messageAnswer } },
      preHandler: [codeLimit, confirmPassword],
    },
    async (req) => {
      const user = currentUser(req);
      const result = await s.twoFactor.disable(user, req.body.code);
      if (result === 'not-on') throw invalid(m.totpNotOn);
      if (result === 'code') throw invalid(m.codeWrong);
      await app.sessions.destroyForUser(user.id, req.session!.id);
      await s.notify(
        user,
        'two-factor-disabled',
        req.ip,
        s.mails.twoFactorOff(s.settingsLink, req.ip, device(req)),
        'app',
      );
      return { message: 'ok' };
    },
  );

  app.post(
    '/api/user/2fa/recovery-codes',
    {
      onRequest: requireUser,
      schema: { body: passwordConfirmSchema, response: { 200: recoveryCodesAnswer } },
      preHandler: confirmPassword,
    },
    async (req) => {
      const user = currentUser(req);
      if (!(await s.twoFactor.methodsFor(user.id)).includes('totp')) throw invalid(m.totpNotOn);
      return { recoveryCodes: await s.twoFactor.recovery.replace(app.db, user.id) };
    },
  );

  app.post(
    '/api/login/2fa',
    { schema: { body: secondStepSchema, response: { 200: firstStepAnswer } } },
    async (req, reply) => {
      const raw = readCookie(req.headers.cookie, PENDING_LOGIN_COOKIE);
      const reserved = await s.pending.reserve(raw, req.ip);
      if (reserved.kind === 'throttled') throw tooMany(reserved.retryAfter);
      if (reserved.kind !== 'reserved') {
        clearPendingLogin(reply);
        const message = reserved.kind === 'ended' ? m.pendingEnded : m.pendingExpired;
        throw unauthenticated(message, { pendingLogin: reserved.kind });
      }
      const { userId } = reserved;
      const { code, recoveryCode } = req.body;
      const ok = code
        ? await s.twoFactor.verifyCode(userId, code)
        : await s.twoFactor.recovery.use(userId, recoveryCode!);
      if (!ok) {
        await app.activity.log('two-factor-failed', {
          userId,
          ip: req.ip,
          detail: code ? 'app code' : 'recovery code',
        });
        throw unauthenticated(code ? m.codeWrong : m.recoveryWrong);
      }
      if ((await s.pending.consume(raw!)) !== userId) throw unauthenticated(m.pendingExpired);
      clearPendingLogin(reply);
      await s.pending.succeeded(userId, req.ip);
      const user = await app.accounts.findById(userId);
      if (!user) throw unauthenticated(m.pendingExpired);
      if (user.disabled_at) throw forbidden(am.accountDisabled);
      if (recoveryCode) {
        const left = await s.twoFactor.recovery.left(userId);
        await s.notify(user, 'recovery-code-used', req.ip, null, `${left} left`);
      }
      const how = code ? 'two-factor: app' : 'two-factor: recovery code';
      return completeSignIn(app, req, reply, user, reserved.detail ? `${reserved.detail}, ${how}` : how);
    },
  );
}
