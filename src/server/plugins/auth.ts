import { verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { accountMessages } from '#shared/accounts/messages.ts';
import { securityMessages } from '#shared/accounts/security-messages.ts';
import { SIGNED_OUT_CODE } from '#shared/constants.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, invalid, unauthenticated } from '../lib/outcomes.ts';

/** The 401 of a caller without a signed-in session; the code tells the browser its session is gone. */
export const signedOut = () => unauthenticated(accountMessages.notSignedIn, { code: SIGNED_OUT_CODE });

/** Route guard (use as onRequest, so nothing is parsed or validated for a caller who may not call): 401 signed out. */
export async function requireUser(req: FastifyRequest) {
  if (!req.session?.user) throw signedOut();
}

/** Route guard: 401 signed out, 403 for any role but admin. */
export async function requireAdmin(req: FastifyRequest) {
  if (!req.session?.user) throw signedOut();
  if (req.session.user.role !== 'admin') throw forbidden(accountMessages.forbidden);
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: FastifyRequest): UserRow {
  const user = req.session?.user;
  if (!user) throw new Error('currentUser() used on a route without requireUser');
  return user;
}

/**
 * Route guard (preHandler, after requireUser and the body's validation): the signed-in user's
 * password, asked again before a change that matters, from `password` in the body. The hash is
 * always verified, so a wrong password takes as long to refuse as a right one to accept.
 */
export async function confirmPassword(req: FastifyRequest) {
  const { password } = (req.body ?? {}) as { password?: unknown };
  const hash = currentUser(req).password_hash;
  const ok = await verify(hash, typeof password === 'string' ? password : '').catch(() => false);
  if (!ok) throw invalid(securityMessages.passwordWrong);
}
