import type { PublicUser, TwoFactorRequired } from '#shared/accounts/answers.ts';
import { SESSION_TIMEOUT_HEADER } from '#shared/constants.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '#server/app-types.ts';
import type { UserRow } from '#server/db/schema.ts';
import { overHttps, setCookie } from '#server/lib/cookies.ts';
import { startSession } from '#server/modules/sessions/session-cookie.ts';
import { toPublicUser } from './accounts.service.ts';
import { PENDING_LOGIN_COOKIE, PENDING_LOGIN_TTL_MS } from './pending-logins.ts';

/** The pending login's cookie is sent only to the sign-in routes that finish it. */
const PENDING_PATH = '/api/login';

/** The user as the browser sees it, with whether the admins' policy still asks for two-factor. */
export async function publicUserOf(app: App, user: UserRow): Promise<PublicUser> {
  return {
    ...toPublicUser(user),
    twoFactorSetupRequired: await app.accountSecurity.twoFactor.setupRequired(user),
  };
}

/** The idle timeout the server enforces now (admins change it), for the browser to count down. */
export const tellSessionTimeout = (app: App, reply: FastifyReply) =>
  reply.header(SESSION_TIMEOUT_HEADER, String(Math.round(app.limits.sessionIdleMs / 1000)));

/** Signs in: counts the login, starts a fresh session, notes the device (mail if it is new). */
export async function completeSignIn(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  detail: string | null = null,
): Promise<PublicUser> {
  const recorded = await app.accounts.recordLogin(user, req.ip, detail);
  await startSession(app, req, reply, user.id);
  tellSessionTimeout(app, reply);
  await app.accountSecurity.signedInFrom(user, req.ip, req.headers['user-agent']);
  return publicUserOf(app, recorded);
}

/**
 * After a right password (or a mailed one-time link): an account with two-factor gets a pending
 * login bound to this browser and the list of second steps, and no session yet.
 */
export async function afterFirstStep(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  detail: string | null = null,
): Promise<PublicUser | TwoFactorRequired> {
  const methods = await app.accountSecurity.twoFactor.methodsFor(user.id);
  if (methods.length === 0) return completeSignIn(app, req, reply, user, detail);
  const raw = await app.accountSecurity.pending.create(user.id, detail);
  setCookie(reply, PENDING_LOGIN_COOKIE, raw, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: overHttps(req),
    maxAge: PENDING_LOGIN_TTL_MS / 1000,
  });
  return { twoFactorRequired: true, methods };
}

export function clearPendingLogin(reply: FastifyReply) {
  setCookie(reply, PENDING_LOGIN_COOKIE, '', { path: PENDING_PATH, maxAge: 0 });
}
