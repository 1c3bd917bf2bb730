import type {
  AdminStorage,
  AdminUser,
  AdminUserDetail,
  AdminUserStatus,
  Message,
} from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import {
  adminUsersQuery,
  roleSchema,
  storageQuotaSchema,
  userStatusSchema,
  type Paged,
} from '#shared/admin/schemas.ts';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { securityMessages } from '#shared/accounts/security-messages.ts';
import type { FastifyReply } from 'fastify';
import type { App } from '#server/app-types.ts';
import { MB } from '../documents/storage.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { actorOf } from './actor.ts';
import type { AdminUsersService, UserChange } from './admin-users.service.ts';

const notFound = { message: m.userNotFound };

/** Why a change of an account was refused: it was the admin's own (400), or there is no such user. */
const refuse = (reply: FastifyReply, change: Exclude<UserChange<unknown>, { kind: 'ok' }>, self: string) =>
  change.kind === 'self' ? reply.code(400).send({ message: self }) : reply.code(404).send(notFound);

/** /api/admin/users… (registered under the admin prefix and guard). */
export function adminUserRoutes(app: App, users: AdminUsersService) {
  app.get(
    '/users',
    { schema: { querystring: adminUsersQuery } },
    async (req) => (await users.list(req.query)) satisfies Paged<AdminUser>,
  );

  app.get('/users/:id', { schema: { params: idParams } }, async (req, reply) => {
    const detail = await users.detail(req.params.id);
    return detail ? (detail satisfies AdminUserDetail) : reply.code(404).send(notFound);
  });

  app.patch(
    '/users/:id/storage-quota',
    { schema: { params: idParams, body: storageQuotaSchema } },
    async (req, reply) => {
      const bytes = req.body.quotaMb === null ? null : req.body.quotaMb * MB;
      const storage = await users.setStorageQuota(actorOf(req), req.params.id, bytes);
      return storage ? (storage satisfies AdminStorage) : reply.code(404).send(notFound);
    },
  );

  app.patch('/users/:id/role', { schema: { params: idParams, body: roleSchema } }, async (req, reply) => {
    const change = await users.setRole(actorOf(req), req.params.id, req.body.role);
    if (change.kind !== 'ok') return refuse(reply, change, m.cannotDemoteSelf);
    return change.value satisfies PublicUser;
  });

  app.patch(
    '/users/:id/status',
    { schema: { params: idParams, body: userStatusSchema } },
    async (req, reply) => {
      const change = await users.setDisabled(actorOf(req), req.params.id, req.body.disabled);
      if (change.kind !== 'ok') return refuse(reply, change, m.cannotDisableSelf);
      return change.value satisfies AdminUserStatus;
    },
  );

  app.post('/users/:id/resend-verification', { schema: { params: idParams } }, async (req, reply) => {
    const sent = await users.resendVerification(actorOf(req), req.params.id);
    if (sent.kind === 'missing') return reply.code(404).send(notFound);
    if (sent.kind === 'verified') return reply.code(409).send({ message: m.alreadyVerified });
    return { message: m.verificationResent(sent.email) } satisfies Message;
  });

  app.post('/users/:id/reset-2fa', { schema: { params: idParams } }, async (req, reply) => {
    const change = await users.resetTwoFactor(actorOf(req), req.params.id);
    if (change.kind !== 'ok') return refuse(reply, change, securityMessages.twoFactorResetSelf);
    return { message: securityMessages.twoFactorReset } satisfies Message;
  });

  app.delete('/users/:id', { schema: { params: idParams } }, async (req, reply) => {
    const deleted = await users.delete(actorOf(req), req.params.id);
    if (deleted.kind !== 'ok') return refuse(reply, deleted, m.cannotDeleteSelf);
    return { message: m.userDeleted(deleted.value.email) } satisfies Message;
  });
}
