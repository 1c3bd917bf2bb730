import { accountMessages as am } from '#shared/accounts/messages.ts';
import { deviceLabel } from '#shared/accounts/device.ts';
import {
  passwordConfirmSchema,
  secondStepSchema,
  totpConfirmSchema,
  totpDisableSchema,
} from '#shared/accounts/security.ts';
import { securityMessages as m } from '#shared/accounts/security-messages.ts';
import { verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '#server/app-types.ts';
import { readCookie } from '#server/lib/cookies.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { PENDING_LOGIN_COOKIE } from './pending-logins.ts';
import { clearPendingLogin, completeSignIn } from './sign-in.ts';

const tooMany = (reply: FastifyReply, retryAfter: number) =>
  reply.code(429).header('Retry-After', String(retryAfter)).send({ message: m.tooManyCodes, retryAfter });

/** The authenticator app in the settings, and the second sign-in step. */
export function twoFactorRoutes(app: App) {
  const s = app.accountSecurity;
  const device = (req: FastifyRequest) => deviceLabel(req.headers['user-agent']);

  /** Codes checked from a signed-in session count per user too, before they are checked. */
  const codeThrottle = async (userId: number) => {
    const state = await app.limiter.hit(`2fa:user:${userId}`, app.limits.loginWindowMs);
    return state.count > app.limits.loginFailuresPerAccount ? retryAfterSeconds(state, app.clock) : null;
  };

  app.get('/api/user/2fa', { onRequest: requireUser }, async (req) => {
    const user = currentUser(req);
    return s.twoFactor.status(user, await s.passkeys.list(user.id));
  });

  app.post('/api/user/2fa/totp/setup', { onRequest: requireUser }, async (req, reply) => {
    const result = await s.twoFactor.begin(currentUser(req));
    if (result === 'already-on') return reply.code(409).send({ message: m.totpAlreadyOn });
    return result;
  });

  app.post(
    '/api/user/2fa/totp/confirm',
    { onRequest: requireUser, schema: { body: totpConfirmSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      const wait = await codeThrottle(user.id);
      if (wait !== null) return tooMany(reply, wait);
      const result = await s.twoFactor.confirm(user, req.body.code);
      if (result.kind === 'not-started') return reply.code(400).send({ message: m.totpNotStarted });
      if (result.kind === 'already-on') return reply.code(409).send({ message: m.totpAlreadyOn });
      if (result.kind !== 'ok') return reply.code(400).send({ message: m.codeWrong });
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
    { onRequest: requireUser, schema: { body: totpDisableSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      const wait = await codeThrottle(user.id);
      if (wait !== null) return tooMany(reply, wait);
      const result = await s.twoFactor.disable(user, req.body.password, req.body.code);
      if (result === 'not-on') return reply.code(400).send({ message: m.totpNotOn });
      if (result === 'password') return reply.code(400).send({ message: m.passwordWrong });
      if (result === 'code') return reply.code(400).send({ message: m.codeWrong });
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
    { onRequest: requireUser, schema: { body: passwordConfirmSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      if (!(await verify(user.password_hash, req.body.password).catch(() => false)))
        return reply.code(400).send({ message: m.passwordWrong });
      if (!(await s.twoFactor.methodsFor(user.id)).includes('totp'))
        return reply.code(400).send({ message: m.totpNotOn });
      return { recoveryCodes: await s.twoFactor.recovery.replace(app.db, user.id) };
    },
  );

  app.post('/api/login/2fa', { schema: { body: secondStepSchema } }, async (req, reply) => {
    const raw = readCookie(req.headers.cookie, PENDING_LOGIN_COOKIE);
    const reserved = await s.pending.reserve(raw, req.ip);
    if (reserved.kind === 'throttled') return tooMany(reply, reserved.retryAfter);
    if (reserved.kind !== 'reserved') {
      clearPendingLogin(reply);
      const message = reserved.kind === 'ended' ? m.pendingEnded : m.pendingExpired;
      return reply.code(401).send({ message, pendingLogin: reserved.kind });
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
      return reply.code(401).send({ message: code ? m.codeWrong : m.recoveryWrong });
    }
    if ((await s.pending.consume(raw!)) !== userId)
      return reply.code(401).send({ message: m.pendingExpired });
    clearPendingLogin(reply);
    await s.pending.succeeded(userId, req.ip);
    const user = await app.accounts.findById(userId);
    if (!user) return reply.code(401).send({ message: m.pendingExpired });
    if (user.disabled_at) return reply.code(403).send({ message: am.accountDisabled });
    if (recoveryCode) {
      const left = await s.twoFactor.recovery.left(userId);
      await s.notify(user, 'recovery-code-used', req.ip, null, `${left} left`);
    }
    const how = code ? 'two-factor: app' : 'two-factor: recovery code';
    return completeSignIn(app, req, reply, user, reserved.detail ? `${reserved.detail}, ${how}` : how);
  });
}
