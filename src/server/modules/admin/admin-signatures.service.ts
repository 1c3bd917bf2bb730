import type { z } from 'zod';
import type { AdminSignature, AdminSignatureDetail } from '#shared/admin/answers.ts';
import type { adminSignaturesQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { signaturesWithLookups, toOwnSignature } from '../signatures/signatures.service.ts';
import { audit, type Actor } from './actor.ts';
import { contains } from './like.ts';
import { countOf, pagedList } from './paged-list.ts';

type Deps = Pick<App, 'db' | 'clock' | 'accounts' | 'activity'>;
type SignaturesQuery = z.infer<typeof adminSignaturesQuery>;

/** Every saved signature, anonymous ones too, as admins see them. */
export class AdminSignaturesService {
  constructor(private readonly app: Deps) {}

  list({ q, filter, ...page }: SignaturesQuery) {
    const now = iso(this.app.clock.now());
    let base = this.app.db.selectFrom('signatures as s').leftJoin('users as u', 'u.id', 's.user_id');
    if (q)
      base = base.where((eb) => eb.or([contains('s.signer_name', q), contains('s.reference_number', q)]));
    if (filter === 'anonymous') base = base.where('s.user_id', 'is', null);
    if (filter === 'registered') base = base.where('s.user_id', 'is not', null);
    if (filter === 'private') base = base.where('s.is_public', '=', 0);
    if (filter === 'expired') base = base.where('s.expires_at', '<=', now);
    if (filter === 'revoked') base = base.where('s.revoked_at', 'is not', null);
    return pagedList(page, {
      rows: ({ limit, offset }) =>
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
          .limit(limit)
          .offset(offset)
          .execute(),
      total: () => countOf(base),
      items: (rows) =>
        rows.map((r): AdminSignature => ({
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
    });
  }

  async detail(id: number): Promise<AdminSignatureDetail | undefined> {
    const row = await signaturesWithLookups(this.app.db).where('signatures.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const owner = row.user_id ? await this.app.accounts.findById(row.user_id) : undefined;
    return { ...toOwnSignature(row), ownerEmail: owner?.email ?? null };
  }

  /** The deleted signature's reference, or undefined when there was none. */
  async delete(actor: Actor, id: number): Promise<string | undefined> {
    const row = await this.app.db
      .deleteFrom('signatures')
      .where('id', '=', id)
      .returning('reference_number')
      .executeTakeFirst();
    if (!row) return undefined;
    await audit(this.app.activity, actor, `deleted signature ${row.reference_number}`);
    return row.reference_number;
  }
}
