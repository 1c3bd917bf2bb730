import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { firstStepAnswer, passkeyItem, passkeyOptions } from '#shared/accounts/answers.ts';
import { accountMessages as am } from '#shared/accounts/messages.ts';
import { deviceLabel } from '#shared/accounts/device.ts';
import {
  idParams,
  passkeyAuthSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
} from '#shared/accounts/security.ts';
import { securityMessages as m } from '#shared/accounts/security-messages.ts';
import { noContent } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { readCookie } from '#server/lib/cookies.ts';
import { forbidden, invalid, notFound, throttled, unauthenticated } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import type { AssertionResult } from './passkeys.service.ts';
import { PENDING_LOGIN_COOKIE, type PendingLogins } from './pending-logins.ts';
import { clearPendingLogin, completeSignIn } from './sign-in.ts';

const refused = (result: Exclude<AssertionResult, { kind: 'ok' }>) =>
  result.kind === 'expired'
    ? invalid(m.passkeyExpired)
    : unauthenticated(result.kind === 'unknown' ? m.passkeyUnknown : m.passkeyFailed);

type PendingLogin = Awaited<ReturnType<PendingLogins['find']>>;

/** Passkeys in the settings, as a second step, and to sign in without a password. */
export function passkeyRoutes(app: App) {
  const s = app.accountSecurity;

  /** The pending login of the request's cookie, looked up once before the limit that depends on it. */
  const pendingOf = new WeakMap<FastifyRequest, PendingLogin>();
  const findPendingLogin = async (req: FastifyRequest) => {
    pendingOf.set(req, await s.pending.find(readCookie(req.headers.cookie, PENDING_LOGIN_COOKIE)));
  };

  app.get(
    '/api/user/passkeys',
    { onRequest: requireUser, schema: { response: { 200: z.array(passkeyItem) } } },
    async (req) => s.passkeys.list(currentUser(req).id),
  );

  app.post(
    '/api/user/passkeys/options',
    { onRequest: requireUser, schema: { response: { 200: passkeyOptions } } },
    async (req) => ({ ...(await s.passkeys.registrationOptions(req.session!.id, currentUser(req))) }),
  );

  app.post(
    '/api/user/passkeys',
    { onRequest: requireUser, schema: { body: passkeyRegisterSchema, response: { 201: passkeyItem } } },
    async (req, reply) => {
      const user = currentUser(req);
      const hadTwoFactor = (await s.twoFactor.methodsFor(user.id)).length > 0;
      const credential = req.body.credential as unknown as RegistrationResponseJSON;
      const result = await s.passkeys.register(req.session!.id, user, req.body.name, credential);
      if (result.kind === 'expired') throw invalid(m.passkeyExpired);
      if (result.kind !== 'ok') throw invalid(m.passkeyFailed);
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
    {
      onRequest: requireUser,
      schema: { params: idParams, body: passkeyRenameSchema, response: { 204: noContent } },
    },
    async (req, reply) => {
      const ok = await s.passkeys.rename(currentUser(req).id, req.params.id, req.body.name);
      if (!ok) throw notFound(m.passkeyNotFound);
      return reply.code(204).send(undefined);
    },
  );

  app.delete(
    '/api/user/passkeys/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 204: noContent } } },
    async (req, reply) => {
      const user = currentUser(req);
      if (!(await s.passkeys.remove(user.id, req.params.id))) throw notFound(m.passkeyNotFound);
      if ((await s.twoFactor.methodsFor(user.id)).length === 0)
        await app.sessions.destroyForUser(user.id, req.session!.id);
      await s.notify(user, 'passkey-removed', req.ip, null, `passkey ${req.params.id}`);
      return reply.code(204).send(undefined);
    },
  );

  /** An assertion to confirm the signed-in user (an e-mail change without the password). */
  app.post(
    '/api/user/passkeys/confirm-options',
    { onRequest: requireUser, schema: { response: { 200: passkeyOptions } } },
    async (req) => ({
      ...(await s.passkeys.authenticationOptions(req.session!.id, 'confirm', currentUser(req).id)),
    }),
  );

  /**
   * With a pending login (right password, cookie): options for that account's passkeys.
   * Without one: a discoverable-credential request, "Sign in with a passkey".
   */
  app.post('/api/login/passkey/options', { schema: { response: { 200: passkeyOptions } } }, async (req) => {
    const pending = await s.pending.find(readCookie(req.headers.cookie, PENDING_LOGIN_COOKIE));
    return {
      ...(await s.passkeys.authenticationOptions(req.session!.id, 'login', pending?.user_id ?? null)),
    };
  });

  app.post(
    '/api/login/passkey/verify',
    {
      schema: { body: passkeyAuthSchema, response: { 200: firstStepAnswer } },
      preHandler: [
        findPendingLogin,
        // Without a password: counted per network before the check, like a password attempt.
        rateLimit(app, {
          key: (req) => (pendingOf.get(req) ? null : `passkey:ip:${req.ip}`),
          max: (limits) => limits.loginFailuresPerIp,
          windowMs: (limits) => limits.loginWindowMs,
          message: am.tooManyLogins,
          retryAfterInBody: true,
        }),
      ],
    },
    async (req, reply) => {
      const credential = req.body.credential as unknown as AuthenticationResponseJSON;
      if (pendingOf.get(req)) {
        const raw = readCookie(req.headers.cookie, PENDING_LOGIN_COOKIE);
        const reserved = await s.pending.reserve(raw, req.ip);
        if (reserved.kind === 'throttled') throw throttled(m.tooManyCodes, reserved.retryAfter);
        if (reserved.kind !== 'reserved') throw unauthenticated(m.pendingExpired);
        const result = await s.passkeys.authenticate(req.session!.id, 'login', credential);
        if (result.kind !== 'ok' || result.userId !== reserved.userId) {
          await app.activity.log('two-factor-failed', {
            userId: reserved.userId,
            ip: req.ip,
            detail: 'passkey',
          });
          throw refused(result.kind === 'ok' ? { kind: 'failed' } : result);
        }
        if ((await s.pending.consume(raw!)) !== reserved.userId) throw unauthenticated(m.pendingExpired);
        clearPendingLogin(reply);
        await s.pending.succeeded(reserved.userId, req.ip);
        const user = await app.accounts.findById(reserved.userId);
        if (!user) throw unauthenticated(m.pendingExpired);
        if (user.disabled_at) throw forbidden(am.accountDisabled);
        return completeSignIn(app, req, reply, user, 'two-factor: passkey');
      }
      const result = await s.passkeys.authenticate(req.session!.id, 'login', credential);
      if (result.kind !== 'ok') {
        await app.activity.log('login-failed', { ip: req.ip, detail: `passkey: ${result.kind}` });
        throw refused(result);
      }
      // A passkey alone signs in only when the authenticator checked its owner (PIN, biometrics).
      if (!result.userVerified) throw unauthenticated(m.passkeyFailed);
      const user = await app.accounts.findById(result.userId);
      if (!user) throw unauthenticated(m.passkeyUnknown);
      if (user.disabled_at) throw forbidden(am.accountDisabled);
      await app.limiter.release(`passkey:ip:${req.ip}`);
      return completeSignIn(app, req, reply, user, 'passkey');
    },
  );
}
