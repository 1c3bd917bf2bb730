import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages } from '#shared/accounts/messages.ts';
import type { UserRow } from '../db/schema.ts';

/** Route guard (use as onRequest, so nothing is parsed or validated for a caller who may not call): 401 signed out. */
export async function requireUser(req: FastifyRequest, reply: FastifyReply) {
  if (!req.session?.user) return reply.code(401).send({ message: accountMessages.notSignedIn });
}

/** Route guard: 401 signed out, 403 for any role but admin. */
export async function requireAdmin(req: FastifyRequest, reply: FastifyReply) {
  if (!req.session?.user) return reply.code(401).send({ message: accountMessages.notSignedIn });
  if (req.session.user.role !== 'admin') return reply.code(403).send({ message: accountMessages.forbidden });
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(req: FastifyRequest): UserRow {
  const user = req.session?.user;
  if (!user) throw new Error('currentUser() used on a route without requireUser');
  return user;
}
