import { sql, type ExpressionBuilder } from 'kysely';
import type { AdminStorage, AdminUser, AdminUserDetail, AdminUserStatus } from '#shared/admin/answers.ts';
import type { adminUsersQuery } from '#shared/admin/schemas.ts';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { formatMegabytes } from '#shared/documents/storage.ts';
import type { z } from 'zod';
import type { App } from '#server/app-types.ts';
import type { Database } from '#server/db/schema.ts';
import { iso } from '#server/lib/clock.ts';
import { toPublicUser } from '../accounts/accounts.service.ts';
import { usedBytesByUser } from '../documents/storage.ts';
import { toOwnSignature } from '../signatures/signatures.service.ts';
import { audit, type Actor } from './actor.ts';
import { contains } from './like.ts';
import { countOf, pagedList } from './paged-list.ts';

type Deps = Pick<
  App,
  'db' | 'clock' | 'limits' | 'accounts' | 'signatures' | 'sessions' | 'activity' | 'accountSecurity'
>;
type UsersQuery = z.infer<typeof adminUsersQuery>;

const sortColumn = {
  createdAt: 'created_at',
  email: 'email',
  lastLogin: 'last_login',
  loginCount: 'login_count',
} as const;

const overrideOf = (r: { storage_quota_bytes: number | null }) =>
  r.storage_quota_bytes === null ? null : Number(r.storage_quota_bytes);

/** Whether the user has an authenticator app confirmed or a passkey. */
const twoFactorOn = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('user_totp')
        .select('user_totp.user_id')
        .whereRef('user_totp.user_id', '=', 'users.id')
        .where('user_totp.confirmed_at', 'is not', null),
    ),
    eb.exists(eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'users.id')),
  ]);

/** An admin's change to another account: refused for their own, missing when the id is unknown. */
export type UserChange<T> = { kind: 'ok'; value: T } | { kind: 'self' } | { kind: 'missing' };

/** Accounts as admins see and change them. */
export class AdminUsersService {
  constructor(private readonly app: Deps) {}

  /** What a user stores against their quota; `override` null means the default applies. */
  private storageOf(override: number | null, used: number): AdminStorage {
    return {
      usedBytes: used,
      quotaBytes: override ?? this.app.limits.storageQuotaBytes,
      overrideBytes: override,
    };
  }

  list({ q, sort, dir, role, ...page }: UsersQuery) {
    const { db } = this.app;
    let base = db.selectFrom('users');
    if (q) {
      // e-mails are stored lower-case, so only the name needs lower()
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([sql<boolean>`email like ${pattern} escape '\\'`, contains('name', q)]),
      );
    }
    if (role) base = base.where('role', '=', role);
    return pagedList(page, {
      // The page's ids first (a search scans the table once, giving the total in the same pass);
      // then only those rows with their signature counts, so deep pages stay cheap.
      rows: ({ limit, offset }) => {
        const selected = base.select(['id', ...(q ? [sql<number>`count(*) over ()`.as('total_count')] : [])]);
        // Names are free text: compare them as a reader would (SQLite sorts capitals first) and put
        // accounts without one last, the same on both dialects.
        const sorted =
          sort === 'name'
            ? selected.orderBy(sql`lower(name)`, (ob) => ob[dir]().nullsLast())
            : selected.orderBy(sortColumn[sort], dir);
        return sorted.orderBy('id', dir).limit(limit).offset(offset).execute() as Promise<
          { id: number; total_count?: number }[]
        >;
      },
      total: async (rows) => {
        const first = (await rows)[0];
        return q && first?.total_count !== undefined ? first.total_count : countOf(base);
      },
      items: (rows) => this.withCounts(rows.map((r) => r.id)),
    });
  }

  private async withCounts(ids: number[]): Promise<AdminUser[]> {
    if (ids.length === 0) return [];
    const [found, used] = await Promise.all([
      this.app.db
        .selectFrom('users')
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('signatures')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('signatures.user_id', '=', 'users.id')
            .as('signature_count'),
        )
        .select((eb) => twoFactorOn(eb).as('two_factor'))
        .where('id', 'in', ids)
        .execute(),
      usedBytesByUser(this.app.db, ids),
    ]);
    const byId = new Map(found.map((r) => [r.id, r]));
    return ids
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .map((r) => ({
        ...toPublicUser(r),
        disabled: r.disabled_at !== null,
        signatureCount: Number(r.signature_count ?? 0),
        storage: this.storageOf(overrideOf(r), used.get(r.id) ?? 0),
        twoFactor: Boolean(r.two_factor),
      }));
  }

  /**
   * Removes the user's authenticator app, recovery codes and passkeys, so they
   * sign in with the password again; logged and mailed to the user.
   */
  async resetTwoFactor(actor: Actor, id: number): Promise<UserChange<PublicUser>> {
    if (id === actor.id) return { kind: 'self' };
    const user = await this.app.accounts.findById(id);
    if (!user) return { kind: 'missing' };
    const s = this.app.accountSecurity;
    await s.twoFactor.reset(id);
    await audit(this.app.activity, actor, `two-factor reset for ${user.email}`);
    await s.notify(
      user,
      'two-factor-reset',
      actor.ip,
      s.mails.twoFactorReset(s.settingsLink),
      `by admin ${actor.id}`,
    );
    return { kind: 'ok', value: toPublicUser(user) };
  }

  async detail(id: number): Promise<AdminUserDetail | undefined> {
    const { db } = this.app;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .select((eb) => twoFactorOn(eb).as('two_factor'))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) return undefined;
    const [signatures, used, sessions] = await Promise.all([
      this.app.signatures.list(user.id),
      usedBytesByUser(db, [user.id]),
      countOf(db.selectFrom('sessions').where('user_id', '=', user.id)),
    ]);
    return {
      user: {
        ...toPublicUser(user),
        disabled: user.disabled_at !== null,
        disabledAt: user.disabled_at,
        twoFactor: Boolean(user.two_factor),
      },
      signatures: signatures.slice(0, 50).map((s) => ({ ...toOwnSignature(s), signatureData: '' })),
      signatureCount: signatures.length,
      activeSessions: Number(sessions),
      storage: this.storageOf(overrideOf(user), used.get(user.id) ?? 0),
    };
  }

  /** Bytes, or null for the default quota of the security settings. */
  async setStorageQuota(actor: Actor, id: number, bytes: number | null): Promise<AdminStorage | undefined> {
    const updated = await this.app.db
      .updateTable('users')
      .set({ storage_quota_bytes: bytes })
      .where('id', '=', id)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!updated) return undefined;
    const quota = bytes === null ? 'the default' : formatMegabytes(bytes);
    await this.audit(actor, `storage quota of ${updated.email} set to ${quota}`);
    const used = await usedBytesByUser(this.app.db, [updated.id]);
    return this.storageOf(bytes, used.get(updated.id) ?? 0);
  }

  /** An admin keeps their own admin role, so the server always has one. */
  async setRole(actor: Actor, id: number, role: 'admin' | 'user'): Promise<UserChange<PublicUser>> {
    if (actor.id === id && role !== 'admin') return { kind: 'self' };
    const updated = await this.app.db
      .updateTable('users')
      .set({ role, updated_at: iso(this.app.clock.now()) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return { kind: 'missing' };
    await this.audit(actor, `role of ${updated.email} set to ${role}`);
    return { kind: 'ok', value: toPublicUser(updated) };
  }

  /** Disabling ends the user's sessions at once. */
  async setDisabled(actor: Actor, id: number, disabled: boolean): Promise<UserChange<AdminUserStatus>> {
    if (actor.id === id) return { kind: 'self' };
    const updated = await this.app.db
      .updateTable('users')
      .set({ disabled_at: disabled ? iso(this.app.clock.now()) : null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return { kind: 'missing' };
    if (disabled) await this.app.sessions.destroyForUser(updated.id);
    await this.audit(actor, `${disabled ? 'disabled' : 'enabled'} ${updated.email}`);
    return { kind: 'ok', value: { ...toPublicUser(updated), disabled } };
  }

  async resendVerification(
    actor: Actor,
    id: number,
  ): Promise<{ kind: 'ok'; email: string } | { kind: 'verified' } | { kind: 'missing' }> {
    const user = await this.app.accounts.findById(id);
    if (!user) return { kind: 'missing' };
    if (user.email_verified_at) return { kind: 'verified' };
    await this.app.accounts.sendVerification(user);
    await this.audit(actor, `verification mail resent to ${user.email}`);
    return { kind: 'ok', email: user.email };
  }

  async delete(actor: Actor, id: number): Promise<UserChange<{ email: string }>> {
    if (actor.id === id) return { kind: 'self' };
    const user = await this.app.accounts.findById(id);
    if (!user) return { kind: 'missing' };
    // Signatures, sessions, tokens and documents go with the user (foreign keys cascade).
    await this.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    await this.audit(actor, `deleted ${user.email} and their data`);
    return { kind: 'ok', value: { email: user.email } };
  }

  private audit(actor: Actor, detail: string) {
    return audit(this.app.activity, actor, detail);
  }
}
