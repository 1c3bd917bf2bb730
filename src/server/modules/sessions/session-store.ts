import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { hmac, randomToken, safeEqual, sha256 } from '#server/lib/crypto.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';

/** The session look-up with its user, on every signed-in request. */
function sessionQuery(db: Db) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id',
      's.last_seen_at',
      's.expires_at',
      'u.id as uid',
      'u.email',
      'u.name',
      'u.password_hash',
      'u.role',
      'u.email_verified_at',
      'u.disabled_at',
      'u.last_login',
      'u.login_count',
      'u.created_at',
      'u.updated_at',
    ]);
}

export interface SessionState {
  /** SHA-256 of the cookie value, the row's key. */
  id: string;
  user: UserRow | null;
  /** An anonymous session held by its signed cookie alone: no row until something needs one. */
  stateless?: boolean;
}

/**
 * Anonymous cookies are `a.<random>.<issued, base 36 ms>.<HMAC>`: a visitor who only needs a CSRF
 * token or a look-up costs no row, so fetching tokens in a loop fills no table.
 */
const ANON_PREFIX = 'a.';

/** Only refresh last_seen_at once a minute, so a busy session writes rarely. */
const TOUCH_EVERY_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: () => SecurityLimits,
    private readonly anonymousKey: string,
  ) {}

  createAnonymous() {
    const body = `${ANON_PREFIX}${randomToken(24)}.${this.clock.now().toString(36)}`;
    const raw = `${body}.${hmac(this.anonymousKey, body)}`;
    return { raw, id: sha256(raw) };
  }

  private loadAnonymous(raw: string): SessionState | null {
    const cut = raw.lastIndexOf('.');
    const body = raw.slice(0, cut);
    if (cut < 0 || !safeEqual(raw.slice(cut + 1), hmac(this.anonymousKey, body))) return null;
    const issued = parseInt(body.slice(body.lastIndexOf('.') + 1), 36);
    if (!(issued + this.limits().sessionAbsoluteMs > this.clock.now())) return null;
    return { id: sha256(raw), user: null, stateless: true };
  }

  /** Writes the row of a stateless anonymous session once something must refer to it. */
  async persist(session: SessionState) {
    if (!session.stateless) return;
    const now = iso(this.clock.now());
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: null,
        created_at: now,
        last_seen_at: now,
        expires_at: iso(this.clock.now() + this.limits().sessionAbsoluteMs),
        ip: null,
        user_agent: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    session.stateless = false;
  }
  async create(userId: number | null, meta: { ip: string; userAgent?: string | undefined }) {
    const raw = randomToken(32);
    const now = this.clock.now();
    const id = sha256(raw);
    await this.db
      .insertInto('sessions')
      .values({
        id,
        user_id: userId,
        created_at: iso(now),
        last_seen_at: iso(now),
        expires_at: iso(now + this.limits().sessionAbsoluteMs),
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    return { raw, id };
  }

  async load(raw: string): Promise<SessionState | null> {
    if (raw.length > 100) return null;
    if (raw.startsWith(ANON_PREFIX)) return this.loadAnonymous(raw);
    const id = sha256(raw);
    const row = await sessionQuery(this.db).where('s.id', '=', id).executeTakeFirst();
    if (!row) return null;
    const now = this.clock.now();
    const lastSeen = Date.parse(row.last_seen_at);
    const idleExpired = now - lastSeen > this.limits().sessionIdleMs;
    if (idleExpired || Date.parse(row.expires_at) <= now || row.disabled_at) {
      await this.destroy(id);
      return null;
    }
    if (now - lastSeen > TOUCH_EVERY_MS) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: iso(now) })
        .where('id', '=', id)
        .execute();
    }
    const user: UserRow | null =
      row.uid == null
        ? null
        : {
            id: row.uid,
            email: row.email!,
            name: row.name ?? null,
            password_hash: row.password_hash!,
            role: row.role!,
            email_verified_at: row.email_verified_at ?? null,
            disabled_at: row.disabled_at ?? null,
            last_login: row.last_login ?? null,
            login_count: row.login_count ?? 0,
            created_at: row.created_at!,
            updated_at: row.updated_at!,
          };
    return { id, user };
  }

  async touch(id: string) {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: iso(this.clock.now()) })
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string) {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** A session's id as its owner sees it: derived from the key, so the key itself never leaves. */
  static publicId(id: string) {
    return sha256(`session:${id}`).slice(0, 24);
  }

  /** The live sessions of a user, newest activity first. */
  async listForUser(userId: number) {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', iso(now))
      .where('last_seen_at', '>=', iso(now - this.limits().sessionIdleMs))
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, publicId: SessionStore.publicId(r.id) }));
  }

  /** Ends one of the user's sessions by its public id; false when it is not theirs or gone. */
  async destroyByPublicId(userId: number, publicId: string) {
    const match = (await this.listForUser(userId)).find((r) => r.publicId === publicId);
    if (!match) return false;
    await this.db.deleteFrom('sessions').where('id', '=', match.id).where('user_id', '=', userId).execute();
    return true;
  }

  /** Ends every session of the user but `exceptId`; answers how many ended. */
  async destroyForUser(userId: number, exceptId?: string) {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) q = q.where('id', '!=', exceptId);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async purgeExpired() {
    const now = this.clock.now();
    await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<=', iso(now)),
          eb('last_seen_at', '<', iso(now - this.limits().sessionIdleMs)),
        ]),
      )
      .execute();
  }
}
