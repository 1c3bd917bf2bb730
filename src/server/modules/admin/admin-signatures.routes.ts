import { adminSignaturesQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
import { signaturesWithLookups, toOwnSignature } from '../signatures/signatures.service.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { contains } from './like.ts';

export function adminSignatureRoutes(app: App) {
  const guard = { onRequest: requireAdmin };

  app.get(
    '/api/admin/signatures',
    { ...guard, schema: { querystring: adminSignaturesQuery } },
    async (req) => {
      const { page, pageSize, q, filter } = req.query;
      const now = iso(app.clock.now());
      let base = app.db.selectFrom('signatures as s').leftJoin('users as u', 'u.id', 's.user_id');
      if (q)
        base = base.where((eb) => eb.or([contains('s.signer_name', q), contains('s.reference_number', q)]));
      if (filter === 'anonymous') base = base.where('s.user_id', 'is', null);
      if (filter === 'registered') base = base.where('s.user_id', 'is not', null);
      if (filter === 'private') base = base.where('s.is_public', '=', 0);
      if (filter === 'expired') base = base.where('s.expires_at', '<=', now);
      if (filter === 'revoked') base = base.where('s.revoked_at', 'is not', null);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('signature_lookups as l', 'l.signature_id', 's.id')
          .select([
            's.id',
            's.reference_number',
            's.signer_name',
            's.user_id',
            'u.email as owner_email',
            's.is_public',
            's.created_at',
            's.expires_at',
            's.revoked_at',
            'l.lookup_count',
            'l.last_verified_at',
            's.image_token',
          ])
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          referenceNumber: r.reference_number,
          signerName: r.signer_name ?? '',
          userId: r.user_id,
          ownerEmail: r.owner_email ?? null,
          isPublic: r.is_public === 1,
          createdAt: r.created_at,
          expiresAt: r.expires_at,
          expired: r.expires_at !== null && r.expires_at <= now,
          revokedAt: r.revoked_at,
          lookupCount: r.lookup_count ?? 0,
          lastVerifiedAt: r.last_verified_at ?? null,
          hasImage: r.image_token !== null,
        })),
        total: Number(count.n),
      };
    },
  );

  app.get('/api/admin/signatures/:id', { ...guard, schema: { params: idParams } }, async (req, reply) => {
    const row = await signaturesWithLookups(app.db)
      .where('signatures.id', '=', req.params.id)
      .executeTakeFirst();
    if (!row) return reply.code(404).send({ message: 'Signature not found' });
    const owner = row.user_id ? await app.accounts.findById(row.user_id) : undefined;
    return { ...toOwnSignature(row), ownerEmail: owner?.email ?? null };
  });

  app.delete('/api/admin/signatures/:id', { ...guard, schema: { params: idParams } }, async (req, reply) => {
    const row = await app.db
      .deleteFrom('signatures')
      .where('id', '=', req.params.id)
      .returning('reference_number')
      .executeTakeFirst();
    if (!row) return reply.code(404).send({ message: 'Signature not found' });
    await app.activity.log('admin-action', {
      userId: currentUser(req).id,
      ip: req.ip,
      detail: `deleted signature ${row.reference_number}`,
    });
    return { message: `Signature ${row.reference_number} deleted` };
  });
}
