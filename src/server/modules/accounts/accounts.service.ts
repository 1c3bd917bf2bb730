import { hash, verify } from '@node-rs/argon2';
import type { PublicUser, RegisterRequest } from '#shared/accounts/schemas.ts';
import type { Db } from '../../db/kysely.ts';
import type { UserRow } from '../../db/schema.ts';
import { iso, type Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { SecurityLimits } from '../../lib/limits.ts';
import { retryAfterSeconds, type DbRateLimiter } from '../../lib/rate-limiter.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { passwordResetMail, verificationMail } from '../mail/templates.ts';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type TokenKind = 'verify-email' | 'reset-password';
export type Throttled = { kind: 'throttled'; retryAfter: number };

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role === 'admin' ? 'admin' : 'user',
  emailVerified: u.email_verified_at !== null,
  lastLogin: u.last_login,
  loginCount: u.login_count,
  createdAt: u.created_at,
});

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class AccountsService {
  /** Verified against when the e-mail is unknown, so timing does not tell which accounts exist. */
  private dummyHash: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: DbRateLimiter,
    private readonly limits: () => SecurityLimits,
    private readonly mail: MailService,
    private readonly activity: ActivityService,
    private readonly publicUrl: () => string,
  ) {
    this.dummyHash = hash(randomToken(16));
  }

  findById(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  async loginThrottle(email: string, ip: string): Promise<Throttled | null> {
    const l = this.limits();
    const [acct, byIp] = await Promise.all([
      this.limiter.peek(`login:acct:${normalizeEmail(email)}`),
      this.limiter.peek(`login:ip:${ip}`),
    ]);
    const over = [
      acct.count >= l.loginFailuresPerAccount ? acct : null,
      byIp.count >= l.loginFailuresPerIp ? byIp : null,
    ].filter((s) => s !== null);
    if (over.length === 0) return null;
    const retryAfter = Math.max(...over.map((s) => retryAfterSeconds(s, this.clock)));
    return { kind: 'throttled', retryAfter };
  }

  async login(
    email: string,
    password: string,
    ip: string,
  ): Promise<{ kind: 'ok'; user: UserRow } | { kind: 'invalid' } | { kind: 'disabled' }> {
    const user = await this.findByEmail(email);
    const ok = await verify(user?.password_hash ?? (await this.dummyHash), password).catch(() => false);
    if (!user || !ok) {
      const l = this.limits();
      await Promise.all([
        this.limiter.hit(`login:acct:${normalizeEmail(email)}`, l.loginWindowMs),
        this.limiter.hit(`login:ip:${ip}`, l.loginWindowMs),
      ]);
      await this.activity.log('login-failed', { userId: user?.id ?? null, ip });
      return { kind: 'invalid' };
    }
    if (user.disabled_at) return { kind: 'disabled' };
    const now = iso(this.clock.now());
    await this.db
      .updateTable('users')
      .set((eb) => ({ last_login: now, login_count: eb('login_count', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    await this.limiter.reset(`login:acct:${normalizeEmail(email)}`);
    await this.activity.log('login', { userId: user.id, ip });
    return { kind: 'ok', user: { ...user, last_login: now, login_count: user.login_count + 1 } };
  }

  async registrationThrottle(ip: string): Promise<Throttled | null> {
    const state = await this.limiter.hit(`register:ip:${ip}`, HOUR_MS);
    return state.count > this.limits().registrationsPerIpPerHour
      ? { kind: 'throttled', retryAfter: retryAfterSeconds(state, this.clock) }
      : null;
  }

  async register(
    input: RegisterRequest,
    ip: string,
  ): Promise<{ kind: 'ok'; user: UserRow } | { kind: 'email-taken' }> {
    const email = normalizeEmail(input.email);
    if (await this.findByEmail(email)) return { kind: 'email-taken' };
    const now = iso(this.clock.now());
    const passwordHash = await hash(input.password);
    const user = await this.db
      .insertInto('users')
      .values({
        email,
        name: input.username ?? null,
        password_hash: passwordHash,
        role: 'user',
        created_at: now,
        updated_at: now,
        last_login: now,
        login_count: 1,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!user) return { kind: 'email-taken' };
    await this.sendVerification(user);
    await this.activity.log('register', { userId: user.id, ip });
    return { kind: 'ok', user };
  }

  async sendVerification(user: UserRow) {
    const token = await this.createToken(user.id, 'verify-email', VERIFY_TTL_MS);
    const link = `${this.publicUrl()}/auth?verification=true&token=${token}&email=${encodeURIComponent(user.email)}`;
    this.mail.sendInBackground(user.email, verificationMail(link), link);
  }

  async verifyEmail(token: string, email: string, ip: string): Promise<boolean> {
    const row = await this.consumeToken(token, email, 'verify-email');
    if (!row) return false;
    await this.db
      .updateTable('users')
      .set({ email_verified_at: iso(this.clock.now()) })
      .where('id', '=', row.user_id)
      .execute();
    await this.activity.log('email-verified', { userId: row.user_id, ip });
    return true;
  }

  /** Answers the same whether or not the address has an account; throttles per IP and per address. */
  async requestPasswordReset(email: string, ip: string): Promise<Throttled | null> {
    const l = this.limits();
    const byIp = await this.limiter.hit(`reset:ip:${ip}`, HOUR_MS);
    if (byIp.count > l.mailsPerIpPerHour)
      return { kind: 'throttled', retryAfter: retryAfterSeconds(byIp, this.clock) };
    const byAddress = await this.limiter.hit(`reset:addr:${normalizeEmail(email)}`, HOUR_MS);
    const user = await this.findByEmail(email);
    await this.activity.log('password-reset-requested', { userId: user?.id ?? null, ip });
    if (!user || user.disabled_at || byAddress.count > l.mailsPerAddressPerHour) return null;
    // One live reset link at a time: a new request retires the older ones.
    await this.db
      .deleteFrom('tokens')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'reset-password')
      .execute();
    const token = await this.createToken(user.id, 'reset-password', RESET_TTL_MS);
    const link = `${this.publicUrl()}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
    this.mail.sendInBackground(user.email, passwordResetMail(link), link);
    return null;
  }

  async isResetTokenValid(token: string, email: string): Promise<boolean> {
    return (await this.findToken(token, email, 'reset-password')) !== undefined;
  }

  async resetPassword(token: string, email: string, password: string, ip: string): Promise<boolean> {
    const row = await this.consumeToken(token, email, 'reset-password');
    if (!row) return false;
    await this.setPassword(row.user_id, password);
    // A reset proves control of the mailbox: treat the address as verified, end every session.
    await this.db
      .updateTable('users')
      .set((eb) => ({
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(iso(this.clock.now()))),
      }))
      .where('id', '=', row.user_id)
      .execute();
    await this.db.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
    await this.limiter.reset(`login:acct:${normalizeEmail(email)}`);
    await this.activity.log('password-reset', { userId: row.user_id, ip });
    return true;
  }

  async changePassword(user: UserRow, current: string, next: string): Promise<'ok' | 'wrong' | 'same'> {
    if (!(await verify(user.password_hash, current).catch(() => false))) return 'wrong';
    if (current === next) return 'same';
    await this.setPassword(user.id, next);
    return 'ok';
  }

  async updateProfile(
    user: UserRow,
    input: { name?: string | null | undefined; email: string },
  ): Promise<{ kind: 'ok'; user: UserRow } | { kind: 'email-taken' }> {
    const email = normalizeEmail(input.email);
    const emailChanged = email !== user.email;
    if (emailChanged) {
      const other = await this.findByEmail(email);
      if (other && other.id !== user.id) return { kind: 'email-taken' };
    }
    const updated = await this.db
      .updateTable('users')
      .set({
        name: input.name ?? null,
        email,
        updated_at: iso(this.clock.now()),
        ...(emailChanged ? { email_verified_at: null } : {}),
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (emailChanged) {
      await this.db
        .deleteFrom('tokens')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'verify-email')
        .execute();
      await this.sendVerification(updated);
    }
    return { kind: 'ok', user: updated };
  }

  async ensureFirstAdmin(email: string | undefined, password: string | undefined) {
    const any = await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (any) return null;
    const adminEmail = normalizeEmail(email ?? 'admin@inkproof.local');
    const adminPassword = password ?? `${randomToken(12)}Aa1!`;
    const now = iso(this.clock.now());
    const admin = await this.db
      .insertInto('users')
      .values({
        email: adminEmail,
        name: 'Administrator',
        password_hash: await hash(adminPassword),
        role: 'admin',
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!admin) return null;
    await this.activity.log('admin-created', { userId: admin.id });
    return { email: adminEmail, generatedPassword: password ? null : adminPassword };
  }

  private async setPassword(userId: number, password: string) {
    await this.db
      .updateTable('users')
      .set({ password_hash: await hash(password), updated_at: iso(this.clock.now()) })
      .where('id', '=', userId)
      .execute();
  }

  private async createToken(userId: number, kind: TokenKind, ttlMs: number) {
    const token = randomToken(32);
    const now = this.clock.now();
    await this.db
      .insertInto('tokens')
      .values({
        user_id: userId,
        kind,
        token_hash: sha256(token),
        expires_at: iso(now + ttlMs),
        created_at: iso(now),
      })
      .execute();
    return token;
  }

  private findToken(token: string, email: string, kind: TokenKind) {
    return this.db
      .selectFrom('tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['t.id', 't.user_id'])
      .where('t.token_hash', '=', sha256(token))
      .where('t.kind', '=', kind)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', iso(this.clock.now()))
      .where('u.email', '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  /** Marks the token used in one conditional update, so two concurrent uses cannot both win. */
  private async consumeToken(token: string, email: string, kind: TokenKind) {
    const row = await this.findToken(token, email, kind);
    if (!row) return undefined;
    const res = await this.db
      .updateTable('tokens')
      .set({ used_at: iso(this.clock.now()) })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? row : undefined;
  }
}
