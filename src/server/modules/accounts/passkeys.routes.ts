import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { accountMessages as am } from '#shared/accounts/messages.ts';
import { deviceLabel } from '#shared/accounts/device.ts';
import {
  idParams,
  passkeyAuthSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
} from '#shared/accounts/security.ts';
import { securityMessages as m } from '#shared/accounts/security-messages.ts';
import type { FastifyReply } from 'fastify';
import type { App } from '#server/app-types.ts';
import { readCookie } from '#server/lib/cookies.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import type { AssertionResult } from './passkeys.service.ts';
import { PENDING_LOGIN_COOKIE } from './pending-logins.ts';
import { clearPendingLogin, completeSignIn } from './sign-in.ts';

const refused = (reply: FastifyReply, result: Exclude<AssertionResult, { kind: 'ok' }>) =>
  result.kind === 'expired'
    ? reply.code(400).send({ message: m.passkeyExpired })
    : reply.code(401).send({ message: result.kind === 'unknown' ? m.passkeyUnknown : m.passkeyFailed });

/** Passkeys in the settings, as a second step, and to sign in without a password. */
export function passkeyRoutes(app: App) {
  const s = app.accountSecurity;

  app.get('/api/user/passkeys', { onRequest: requireUser }, async (req) =>
    s.passkeys.list(currentUser(req).id),
  );

  app.post('/api/user/passkeys/options', { onRequest: requireUser }, async (req) =>
    s.passkeys.registrationOptions(req.session!.id, currentUser(req)),
  );

  app.post(
    '/api/user/passkeys',
    { onRequest: requireUser, schema: { body: passkeyRegisterSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      const hadTwoFactor = (await s.twoFactor.methodsFor(user.id)).length > 0;
      const credential = req.body.credential as unknown as RegistrationResponseJSON;
      const result = await s.passkeys.register(req.session!.id, user, req.body.name, credential);
      if (result.kind === 'expired') return reply.code(400).send({ message: m.passkeyExpired });
      if (result.kind !== 'ok') return reply.code(400).send({ message: m.passkeyFailed });
      // The first passkey turns two-factor sign-in on: the account's other sessions end.
      if (!hadTwoFactor) await app.sessions.destroyForUser(user.id, req.session!.id);
      const mail = s.mails.passkeyAdded(
        s.settingsLink,
        result.passkey.name,
        req.ip,
        deviceLabel(req.headers['user-agent']),
      );
      await s.notify(user, 'passkey-added', req.ip, mail, result.passkey.name);
      return reply.code(201).send(result.passkey);
    },
  );

  app.patch(
    '/api/user/passkeys/:id',
    { onRequest: requireUser, schema: { params: idParams, body: passkeyRenameSchema } },
    async (req, reply) => {
      const ok = await s.passkeys.rename(currentUser(req).id, req.params.id, req.body.name);
      if (!ok) return reply.code(404).send({ message: m.passkeyNotFound });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/user/passkeys/:id',
    { onRequest: requireUser, schema: { params: idParams } },
    async (req, reply) => {
      const user = currentUser(req);
      if (!(await s.passkeys.remove(user.id, req.params.id)))
        return reply.code(404).send({ message: m.passkeyNotFound });
      if ((await s.twoFactor.methodsFor(user.id)).length === 0)
        await app.sessions.destroyForUser(user.id, req.session!.id);
      await s.notify(user, 'passkey-removed', req.ip, null, `passkey ${req.params.id}`);
      return reply.code(204).send();
    },
  );

  /** An assertion to confirm the signed-in user (an e-mail change without the password). */
  app.post('/api/user/passkeys/confirm-options', { onRequest: requireUser }, async (req) =>
    s.passkeys.authenticationOptions(req.session!.id, 'confirm', currentUser(req).id),
  );

  /**
   * With a pending login (right password, cookie): options for that account's passkeys.
   * Without one: a discoverable-credential request, "Sign in with a passkey".
   */
  app.post('/api/login/passkey/options', async (req) => {
    const pending = await s.pending.find(readCookie(req.headers.cookie, PENDING_LOGIN_COOKIE));
    return s.passkeys.authenticationOptions(req.session!.id, 'login', pending?.user_id ?? null);
  });

  app.post('/api/login/passkey/verify', { schema: { body: passkeyAuthSchema } }, async (req, reply) => {
    const raw = readCookie(req.headers.cookie, PENDING_LOGIN_COOKIE);
    const credential = req.body.credential as unknown as AuthenticationResponseJSON;
    const pending = await s.pending.find(raw);
    if (pending) {
      const reserved = await s.pending.reserve(raw, req.ip);
      if (reserved.kind === 'throttled')
        return reply
          .code(429)
          .header('Retry-After', String(reserved.retryAfter))
          .send({ message: m.tooManyCodes });
      if (reserved.kind !== 'reserved') return reply.code(401).send({ message: m.pendingExpired });
      const result = await s.passkeys.authenticate(req.session!.id, 'login', credential);
      if (result.kind !== 'ok' || result.userId !== reserved.userId) {
        await app.activity.log('two-factor-failed', {
          userId: reserved.userId,
          ip: req.ip,
          detail: 'passkey',
        });
        return refused(reply, result.kind === 'ok' ? { kind: 'failed' } : result);
      }
      if ((await s.pending.consume(raw!)) !== reserved.userId)
        return reply.code(401).send({ message: m.pendingExpired });
      clearPendingLogin(reply);
      await s.pending.succeeded(reserved.userId, req.ip);
      const user = await app.accounts.findById(reserved.userId);
      if (!user) return reply.code(401).send({ message: m.pendingExpired });
      if (user.disabled_at) return reply.code(403).send({ message: am.accountDisabled });
      return completeSignIn(app, req, reply, user, 'two-factor: passkey');
    }
    // Without a password: counted per network before the check, like a password attempt.
    const state = await app.limiter.hit(`passkey:ip:${req.ip}`, app.limits.loginWindowMs);
    if (state.count > app.limits.loginFailuresPerIp) {
      const retryAfter = retryAfterSeconds(state, app.clock);
      return reply
        .code(429)
        .header('Retry-After', String(retryAfter))
        .send({ message: am.tooManyLogins, retryAfter });
    }
    const result = await s.passkeys.authenticate(req.session!.id, 'login', credential);
    if (result.kind !== 'ok') {
      await app.activity.log('login-failed', { ip: req.ip, detail: `passkey: ${result.kind}` });
      return refused(reply, result);
    }
    // A passkey alone signs in only when the authenticator checked its owner (PIN, biometrics).
    if (!result.userVerified) return reply.code(401).send({ message: m.passkeyFailed });
    const user = await app.accounts.findById(result.userId);
    if (!user) return reply.code(401).send({ message: m.passkeyUnknown });
    if (user.disabled_at) return reply.code(403).send({ message: am.accountDisabled });
    await app.limiter.release(`passkey:ip:${req.ip}`);
    return completeSignIn(app, req, reply, user, 'passkey');
  });
}
