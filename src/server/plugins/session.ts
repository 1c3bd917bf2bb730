import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '#shared/constants.ts';
import type { App } from '../app.ts';
import type { UserRow } from '../db/schema.ts';
import { pointQuery, type Db } from '../db/kysely.ts';
import { iso, type Clock } from '../lib/clock.ts';
import { readCookie, setCookie } from '../lib/cookies.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import type { SecurityLimits } from '../lib/limits.ts';

/** The session look-up with its user: runs on every signed-in request, so it is compiled once. */
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
    ])
    .where('s.id', '=', '');
}

export interface SessionState {
  /** SHA-256 of the cookie value, the row's key. */
  id: string;
  user: UserRow | null;
}

/** Only refresh last_seen_at once a minute, so a busy session writes rarely. */
const TOUCH_EVERY_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: () => SecurityLimits,
  ) {
    this.loadRow = pointQuery(db, sessionQuery(db));
  }
  private readonly loadRow: ReturnType<typeof pointQuery<ReturnType<typeof sessionQuery>>>;

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
    const id = sha256(raw);
    const row = await this.loadRow([id]);
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

  async destroyForUser(userId: number, exceptId?: string) {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) q = q.where('id', '!=', exceptId);
    await q.execute();
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

function setSessionCookie(req: FastifyRequest, reply: FastifyReply, raw: string, maxAgeMs: number) {
  setCookie(reply, SESSION_COOKIE, raw, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: req.protocol === 'https',
    maxAge: maxAgeMs / 1000,
  });
}

/** Starts a fresh session (new id, so a fixed id from before login is worthless) and ends the old one. */
export async function startSession(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number | null,
) {
  if (req.session) await app.sessions.destroy(req.session.id);
  const { raw, id } = await app.sessions.create(userId, { ip: req.ip, userAgent: req.headers['user-agent'] });
  setSessionCookie(req, reply, raw, app.limits.sessionAbsoluteMs);
  const user = userId == null ? null : await app.accounts.findById(userId);
  req.session = { id, user: user ?? null };
  return req.session;
}

/** The caller's session, creating an anonymous one when there is none (CAPTCHA, CSRF need one). */
export async function ensureSession(app: App, req: FastifyRequest, reply: FastifyReply) {
  return req.session ?? (await startSession(app, req, reply, null));
}

export async function endSession(app: App, req: FastifyRequest, reply: FastifyReply) {
  if (req.session) await app.sessions.destroy(req.session.id);
  req.session = null;
  setCookie(reply, SESSION_COOKIE, '', { path: '/', maxAge: 0 });
}

export function registerSessionHooks(app: App) {
  app.decorateRequest('session', null);
  // Waits for the database only when a cookie is sent: anonymous look-ups pass straight through.
  app.addHook('onRequest', (req, _reply, done) => {
    const raw = req.url.startsWith('/api/') ? readCookie(req.headers.cookie, SESSION_COOKIE) : undefined;
    if (!raw) return done();
    app.sessions.load(raw).then((session) => {
      req.session = session;
      done();
    }, done);
  });
}
