import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages } from '#shared/accounts/messages.ts';
import { SIGNED_OUT_CODE } from '#shared/constants.ts';
import type { UserRow } from '../db/schema.ts';

/** Route guard (use as onRequest, so nothing is parsed or validated for a caller who may not call): 401 signed out. */
export async function requireUser(req: FastifyRequest, reply: FastifyReply) {
  if (!req.session?.user) return signedOut(reply);
}

/** The 401 of a caller without a signed-in session; the code tells the browser its session is gone. */
export const signedOut = (reply: FastifyReply) =>
  reply.code(401).send({ message: accountMessages.notSignedIn, code: SIGNED_OUT_CODE });

/** Route guard: 401 signed out, 403 for any role but admin. */
export async function requireAdmin(req: FastifyRequest, reply: FastifyReply) {
  if (!req.session?.user) return signedOut(reply);
  if (req.session.user.role !== 'admin') return reply.code(403).send({ message: accountMessages.forbidden });
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: FastifyRequest): UserRow {
  const user = req.session?.user;
  if (!user) throw new Error('currentUser() used on a route without requireUser');
  return user;
}
