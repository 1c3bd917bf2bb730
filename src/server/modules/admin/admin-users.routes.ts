import { sql } from 'kysely';
import { adminUsersQuery, roleSchema, storageQuotaSchema, userStatusSchema } from '#shared/admin/schemas.ts';
import { formatMegabytes } from '#shared/documents/storage.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
import { toPublicUser } from '../accounts/accounts.service.ts';
import { MB, usedBytesByUser } from '../documents/storage.ts';
import { toOwnSignature } from '../signatures/signatures.service.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { contains } from './like.ts';

const sortColumn = {
  createdAt: 'created_at',
  email: 'email',
  lastLogin: 'last_login',
  loginCount: 'login_count',
} as const;

const notFound = { message: 'User not found' };

/** What a user stores against their quota; `overrideBytes` null means the default applies. */
const storageOf = (override: number | null, used: number, defaultQuota: number) => ({
  usedBytes: used,
  quotaBytes: override ?? defaultQuota,
  overrideBytes: override,
});
const overrideOf = (r: { storage_quota_bytes: number | null }) =>
  r.storage_quota_bytes === null ? null : Number(r.storage_quota_bytes);

export function adminUserRoutes(app: App) {
  const guard = { onRequest: requireAdmin };
  const log = (req: Parameters<typeof currentUser>[0], detail: string) =>
    app.activity.log('admin-action', { userId: currentUser(req).id, ip: req.ip, detail });

  app.get('/api/admin/users', { ...guard, schema: { querystring: adminUsersQuery } }, async (req) => {
    const { page, pageSize, q, sort, dir, role } = req.query;
    let base = app.db.selectFrom('users');
    if (q) {
      // e-mails are stored lower-case, so only the name needs lower()
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([sql<boolean>`email like ${pattern} escape '\\'`, contains('name', q)]),
      );
    }
    if (role) base = base.where('role', '=', role);
    // The page's ids first (a search scans the table once, giving the total in the same pass);
    // then only those rows with their signature counts, so deep pages stay cheap.
    const selected = base.select(['id', ...(q ? [sql<number>`count(*) over ()`.as('total_count')] : [])]);
    // Names are free text: compare them as a reader would (SQLite sorts capitals first) and put
    // accounts without one last, the same on both dialects.
    const sorted =
      sort === 'name'
        ? selected.orderBy(sql`lower(name)`, (ob) => ob[dir]().nullsLast())
        : selected.orderBy(sortColumn[sort], dir);
    const pageIds = await sorted
      .orderBy('id', dir)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const ids = pageIds.map((r) => r.id);
    const found = ids.length
      ? await app.db
          .selectFrom('users')
          .selectAll()
          .select((eb) =>
            eb
              .selectFrom('signatures')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('signatures.user_id', '=', 'users.id')
              .as('signature_count'),
          )
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    const used = await usedBytesByUser(app.db, ids);
    const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    const first = pageIds[0] as { total_count?: number } | undefined;
    const count =
      q && first?.total_count !== undefined
        ? { n: first.total_count }
        : await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return {
      items: rows.map((r) => ({
        ...toPublicUser(r),
        disabled: r.disabled_at !== null,
        signatureCount: Number(r.signature_count ?? 0),
        storage: storageOf(overrideOf(r), used.get(r.id) ?? 0, app.limits.storageQuotaBytes),
      })),
      total: Number(count.n),
    };
  });

  app.get('/api/admin/users/:id', { ...guard, schema: { params: idParams } }, async (req, reply) => {
    const user = await app.accounts.findById(req.params.id);
    if (!user) return reply.code(404).send(notFound);
    const [signatures, storage] = await Promise.all([
      app.signatures.list(user.id),
      app.db.selectFrom('users').select('storage_quota_bytes').where('id', '=', user.id).executeTakeFirst(),
    ]);
    const used = await usedBytesByUser(app.db, [user.id]);
    const sessions = await app.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return {
      user: { ...toPublicUser(user), disabled: user.disabled_at !== null, disabledAt: user.disabled_at },
      signatures: signatures.slice(0, 50).map((s) => ({ ...toOwnSignature(s), signatureData: '' })),
      signatureCount: signatures.length,
      activeSessions: Number(sessions.n),
      storage: storageOf(
        storage ? overrideOf(storage) : null,
        used.get(user.id) ?? 0,
        app.limits.storageQuotaBytes,
      ),
    };
  });

  app.patch(
    '/api/admin/users/:id/storage-quota',
    { ...guard, schema: { params: idParams, body: storageQuotaSchema } },
    async (req, reply) => {
      const bytes = req.body.quotaMb === null ? null : req.body.quotaMb * MB;
      const updated = await app.db
        .updateTable('users')
        .set({ storage_quota_bytes: bytes })
        .where('id', '=', req.params.id)
        .returning(['id', 'email'])
        .executeTakeFirst();
      if (!updated) return reply.code(404).send(notFound);
      await log(
        req,
        `storage quota of ${updated.email} set to ${bytes === null ? 'the default' : formatMegabytes(bytes)}`,
      );
      const used = await usedBytesByUser(app.db, [updated.id]);
      return storageOf(bytes, used.get(updated.id) ?? 0, app.limits.storageQuotaBytes);
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    { ...guard, schema: { params: idParams, body: roleSchema } },
    async (req, reply) => {
      const me = currentUser(req);
      if (me.id === req.params.id && req.body.role !== 'admin') {
        return reply.code(400).send({ message: 'You cannot remove your own admin role' });
      }
      const updated = await app.db
        .updateTable('users')
        .set({ role: req.body.role, updated_at: iso(app.clock.now()) })
        .where('id', '=', req.params.id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return reply.code(404).send(notFound);
      await log(req, `role of ${updated.email} set to ${req.body.role}`);
      return toPublicUser(updated);
    },
  );

  app.patch(
    '/api/admin/users/:id/status',
    { ...guard, schema: { params: idParams, body: userStatusSchema } },
    async (req, reply) => {
      if (currentUser(req).id === req.params.id)
        return reply.code(400).send({ message: 'You cannot disable your own account' });
      const updated = await app.db
        .updateTable('users')
        .set({ disabled_at: req.body.disabled ? iso(app.clock.now()) : null })
        .where('id', '=', req.params.id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return reply.code(404).send(notFound);
      if (req.body.disabled) await app.sessions.destroyForUser(updated.id);
      await log(req, `${req.body.disabled ? 'disabled' : 'enabled'} ${updated.email}`);
      return { ...toPublicUser(updated), disabled: req.body.disabled };
    },
  );

  app.post(
    '/api/admin/users/:id/resend-verification',
    { ...guard, schema: { params: idParams } },
    async (req, reply) => {
      const user = await app.accounts.findById(req.params.id);
      if (!user) return reply.code(404).send(notFound);
      if (user.email_verified_at)
        return reply.code(409).send({ message: 'This e-mail address is already verified' });
      await app.accounts.sendVerification(user);
      await log(req, `verification mail resent to ${user.email}`);
      return { message: `A new verification e-mail was sent to ${user.email}` };
    },
  );

  app.delete('/api/admin/users/:id', { ...guard, schema: { params: idParams } }, async (req, reply) => {
    if (currentUser(req).id === req.params.id)
      return reply.code(400).send({ message: 'You cannot delete your own account here' });
    const user = await app.accounts.findById(req.params.id);
    if (!user) return reply.code(404).send(notFound);
    // Signatures, sessions, tokens and documents go with the user (foreign keys cascade).
    await app.db.deleteFrom('users').where('id', '=', user.id).execute();
    await log(req, `deleted ${user.email} and their data`);
    return { message: `${user.email} and their data were deleted` };
  });
}
