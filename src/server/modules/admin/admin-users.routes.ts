import { messageAnswer } from '#shared/answers.ts';
import { adminStorage, adminUser, adminUserDetail, adminUserStatus, paged } from '#shared/admin/answers.ts';
import { publicUser } from '#shared/accounts/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { adminUsersQuery, roleSchema, storageQuotaSchema, userStatusSchema } from '#shared/admin/schemas.ts';
import { securityMessages } from '#shared/accounts/security-messages.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound, type Outcome } from '#server/lib/outcomes.ts';
import { MB } from '../documents/storage.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { actorOf } from './actor.ts';
import type { AdminUsersService, UserChange } from './admin-users.service.ts';

/** Why a change of an account was refused: it was the admin's own (400), or there is no such user. */
const refused = (change: Exclude<UserChange<unknown>, { kind: 'ok' }>, self: string): Outcome =>
  change.kind === 'self' ? invalid(self) : notFound(m.userNotFound);

/** /api/admin/users… (registered under the admin prefix and guard). */
export function adminUserRoutes(app: App, users: AdminUsersService) {
  app.get(
    '/users',
    { schema: { querystring: adminUsersQuery, response: { 200: paged(adminUser) } } },
    async (req) => users.list(req.query),
  );

  app.get('/users/:id', { schema: { params: idParams, response: { 200: adminUserDetail } } }, async (req) => {
    const detail = await users.detail(req.params.id);
    if (!detail) throw notFound(m.userNotFound);
    return detail;
  });

  app.patch(
    '/users/:id/storage-quota',
    { schema: { params: idParams, body: storageQuotaSchema, response: { 200: adminStorage } } },
    async (req) => {
      const bytes = req.body.quotaMb === null ? null : req.body.quotaMb * MB;
      const storage = await users.setStorageQuota(actorOf(req), req.params.id, bytes);
      if (!storage) throw notFound(m.userNotFound);
      return storage;
    },
  );

  app.patch(
    '/users/:id/role',
    { schema: { params: idParams, body: roleSchema, response: { 200: publicUser } } },
    async (req) => {
      const change = await users.setRole(actorOf(req), req.params.id, req.body.role);
      if (change.kind !== 'ok') throw refused(change, m.cannotDemoteSelf);
      return change.value;
    },
  );

  app.patch(
    '/users/:id/status',
    { schema: { params: idParams, body: userStatusSchema, response: { 200: adminUserStatus } } },
    async (req) => {
      const change = await users.setDisabled(actorOf(req), req.params.id, req.body.disabled);
      if (change.kind !== 'ok') throw refused(change, m.cannotDisableSelf);
      return change.value;
    },
  );

  app.post(
    '/users/:id/resend-verification',
    { schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const sent = await users.resendVerification(actorOf(req), req.params.id);
      if (sent.kind === 'missing') throw notFound(m.userNotFound);
      if (sent.kind === 'verified') throw conflict(m.alreadyVerified);
      return { message: m.verificationResent(sent.email) };
    },
  );

  app.post(
    '/users/:id/reset-2fa',
    { schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const change = await users.resetTwoFactor(actorOf(req), req.params.id);
      if (change.kind !== 'ok') throw refused(change, securityMessages.twoFactorResetSelf);
      return { message: securityMessages.twoFactorReset };
    },
  );

  app.delete(
    '/users/:id',
    { schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const deleted = await users.delete(actorOf(req), req.params.id);
      if (deleted.kind !== 'ok') throw refused(deleted, m.cannotDeleteSelf);
      return { message: m.userDeleted(deleted.value.email) };
    },
  );
}
