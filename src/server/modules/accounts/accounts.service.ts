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
import { failedSignInsMail, passwordResetMail, signInLinkMail, verificationMail } from '../mail/templates.ts';
import { BackgroundJobs } from './background-jobs.ts';
import { LoginGuard, type Throttled } from './login-guard.ts';
import { SignUps } from './sign-ups.ts';

export type { Throttled } from './login-guard.ts';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

type TokenKind = 'verify-email' | 'reset-password' | 'login-link';
export type LoginResult =
  | { kind: 'ok'; user: UserRow }
  | { kind: 'invalid' }
  | { kind: 'disabled' }
  /** Past the account-wide ceiling: the same answer for a right and a wrong password. */
  | { kind: 'held' }
  | Throttled;

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
  private readonly jobs = new BackgroundJobs();
  private readonly guard: LoginGuard;
  private readonly signUps: SignUps;

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
    this.guard = new LoginGuard(limiter, limits, clock);
    this.signUps = new SignUps(db, clock, limiter, limits, mail, publicUrl);
  }

  /** Where background failures are reported (the app's logger). */
  set onBackgroundError(report: (err: Error) => void) {
    this.jobs.onError = report;
  }

  /** Waits for the work started after earlier answers (shutdown, tests). */
  async settle() {
    await this.jobs.settle();
    await this.mail.flush();
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

  async login(email: string, password: string, ip: string): Promise<LoginResult> {
    const address = normalizeEmail(email);
    const reserved = await this.guard.reserve(address, ip);
    if (reserved.kind === 'throttled') return reserved;
    const user = await this.findByEmail(address);
    const ok = await verify(user?.password_hash ?? (await this.dummyHash), password).catch(() => false);
    if (reserved.held) {
      this.jobs.run(() => this.afterHeldAttempt(address, ok ? user : undefined, ip));
      return { kind: 'held' };
    }
    if (!user || !ok) {
      this.jobs.run(() => this.afterFailure(address, user, ip, reserved.accountAttempts));
      return { kind: 'invalid' };
    }
    await this.guard.succeeded(address, ip);
    if (user.disabled_at) return { kind: 'disabled' };
    return { kind: 'ok', user: await this.recordLogin(user, ip) };
  }

  /** Signs in with a mailed one-time link (decision 018). */
  async loginWithLink(
    token: string,
    email: string,
    ip: string,
  ): Promise<{ kind: 'ok'; user: UserRow } | { kind: 'invalid' } | { kind: 'disabled' }> {
    const row = await this.consumeToken(this.db, token, email, 'login-link');
    const user = row && (await this.findById(row.user_id));
    if (!user) return { kind: 'invalid' };
    if (user.disabled_at) return { kind: 'disabled' };
    return { kind: 'ok', user: await this.recordLogin(user, ip, 'one-time link') };
  }

  private async recordLogin(user: UserRow, ip: string, detail?: string) {
    const now = iso(this.clock.now());
    await this.db
      .updateTable('users')
      .set((eb) => ({ last_login: now, login_count: eb('login_count', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    await this.activity.log('login', { userId: user.id, ip, detail: detail ?? null });
    return { ...user, last_login: now, login_count: user.login_count + 1 };
  }

  /** Runs after the answer, so an existing account's extra work (the warning) cannot be timed. */
  private async afterFailure(address: string, user: UserRow | undefined, ip: string, attempts: number) {
    await this.activity.log('login-failed', { userId: user?.id ?? null, ip });
    if (!user || user.disabled_at || !(await this.guard.shouldWarn(address, attempts))) return;
    const since = iso(this.clock.now() - this.limits().loginWindowMs);
    const failures = await this.db
      .selectFrom('activity_log')
      .select(['created_at as at', 'ip'])
      .where('user_id', '=', user.id)
      .where('event', '=', 'login-failed')
      .where('created_at', '>=', since)
      .orderBy('id')
      .limit(20)
      .execute();
    const link = `${this.publicUrl()}/auth?tab=forgot-password`;
    this.mail.sendInBackground(user.email, failedSignInsMail(attempts, failures, link), link);
  }

  /** `user` is set only when the password was right: it then earns a one-time link, never a session. */
  private async afterHeldAttempt(address: string, user: UserRow | undefined, ip: string) {
    if (!user || user.disabled_at) {
      await this.activity.log('login-failed', { userId: user?.id ?? null, ip, detail: 'held' });
      return;
    }
    await this.guard.succeeded(address, ip);
    await this.activity.log('login-throttled', { userId: user.id, ip, detail: 'one-time link mailed' });
    const sent = await this.limiter.hit(`login-link:addr:${address}`, HOUR_MS);
    if (sent.count > this.limits().mailsPerAddressPerHour) return;
    const token = await this.createToken(user.id, 'login-link', LOGIN_LINK_TTL_MS);
    const link = `${this.publicUrl()}/auth?signin=link&token=${token}&email=${encodeURIComponent(user.email)}`;
    this.mail.sendInBackground(user.email, signInLinkMail(link), link);
  }

  async registrationThrottle(ip: string): Promise<Throttled | null> {
    const state = await this.limiter.hit(`register:ip:${ip}`, HOUR_MS);
    return state.count > this.limits().registrationsPerIpPerHour
      ? { kind: 'throttled', retryAfter: retryAfterSeconds(state, this.clock) }
      : null;
  }

  /**
   * E-mail-first sign-up (decision 018). The password is hashed here on both paths and everything
   * that depends on whether the address is taken runs after the answer, so the answer, its
   * cookies and its timing are the same for a taken address and a new one.
   */
  async register(input: RegisterRequest, ip: string): Promise<void> {
    const email = normalizeEmail(input.email);
    const passwordHash = await hash(input.password);
    this.jobs.run(async () => {
      const existing = await this.findByEmail(email);
      await this.signUps.request({ email, name: input.username ?? null, passwordHash }, existing);
      await this.activity.log('register', { userId: existing?.id ?? null, ip, detail: 'sign-up requested' });
    });
  }

  async sendVerification(user: UserRow) {
    const token = await this.createToken(user.id, 'verify-email', VERIFY_TTL_MS);
    const link = `${this.publicUrl()}/auth?verification=true&token=${token}&email=${encodeURIComponent(user.email)}`;
    this.mail.sendInBackground(user.email, verificationMail(link), link);
  }

  /** A link from an address change (tokens) or from a pending sign-up, which creates the account. */
  async verifyEmail(token: string, email: string, ip: string): Promise<boolean> {
    const row = await this.consumeToken(this.db, token, email, 'verify-email');
    if (!row) {
      const created = await this.signUps.complete(token, normalizeEmail(email));
      if (created) await this.activity.log('register', { userId: created.id, ip });
      return created !== undefined;
    }
    await this.db
      .updateTable('users')
      .set({ email_verified_at: iso(this.clock.now()) })
      .where('id', '=', row.user_id)
      .execute();
    await this.activity.log('email-verified', { userId: row.user_id, ip });
    return true;
  }

  /**
   * Answers the same whether or not the address has an account: the request itself only counts
   * the IP; the look-up, the token and the mail run after the answer has gone.
   */
  async requestPasswordReset(email: string, ip: string): Promise<Throttled | null> {
    const byIp = await this.limiter.hit(`reset:ip:${ip}`, HOUR_MS);
    if (byIp.count > this.limits().mailsPerIpPerHour)
      return { kind: 'throttled', retryAfter: retryAfterSeconds(byIp, this.clock) };
    this.jobs.run(() => this.sendPasswordReset(normalizeEmail(email), ip));
    return null;
  }

  private async sendPasswordReset(address: string, ip: string) {
    const byAddress = await this.limiter.hit(`reset:addr:${address}`, HOUR_MS);
    const user = await this.findByEmail(address);
    await this.activity.log('password-reset-requested', { userId: user?.id ?? null, ip });
    if (!user || user.disabled_at || byAddress.count > this.limits().mailsPerAddressPerHour) return;
    // One live reset link at a time: a new request retires the older ones.
    await this.db
      .deleteFrom('tokens')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'reset-password')
      .execute();
    const token = await this.createToken(user.id, 'reset-password', RESET_TTL_MS);
    const link = `${this.publicUrl()}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
    this.mail.sendInBackground(user.email, passwordResetMail(link), link);
  }

  async isResetTokenValid(token: string, email: string): Promise<boolean> {
    return (await this.findToken(this.db, token, email, 'reset-password')) !== undefined;
  }

  /**
   * Spends the link, sets the password, marks the address verified (a reset proves control of the
   * mailbox), ends every session and retires sign-in links, all in one transaction: a failure
   * part-way must not leave the old sessions alive under the new password.
   */
  async resetPassword(token: string, email: string, password: string, ip: string): Promise<boolean> {
    if (!(await this.findToken(this.db, token, email, 'reset-password'))) return false;
    // Hashed before the transaction: it takes tens of milliseconds and needs no connection.
    const passwordHash = await hash(password);
    const now = iso(this.clock.now());
    const userId = await this.db.transaction().execute(async (tx) => {
      const row = await this.consumeToken(tx, token, email, 'reset-password');
      if (!row) return null;
      await tx
        .updateTable('users')
        .set((eb) => ({
          password_hash: passwordHash,
          updated_at: now,
          email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
        }))
        .where('id', '=', row.user_id)
        .execute();
      await tx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
      await tx
        .deleteFrom('tokens')
        .where('user_id', '=', row.user_id)
        .where('kind', '=', 'login-link')
        .execute();
      await this.guard.forgive(this.limiter.using(tx), normalizeEmail(email), ip);
      return row.user_id;
    });
    if (userId === null) return false;
    await this.activity.log('password-reset', { userId, ip });
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

  private findToken(db: Db, token: string, email: string, kind: TokenKind) {
    return db
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
  private async consumeToken(db: Db, token: string, email: string, kind: TokenKind) {
    const row = await this.findToken(db, token, email, kind);
    if (!row) return undefined;
    const res = await db
      .updateTable('tokens')
      .set({ used_at: iso(this.clock.now()) })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? row : undefined;
  }
}
