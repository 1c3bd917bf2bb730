import { hash, verify } from '@node-rs/argon2';
import type { PublicUser } from '#shared/accounts/answers.ts';
import type { RegisterRequest } from '#shared/accounts/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken } from '#server/lib/crypto.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import { retryAfterSeconds, type DbRateLimiter } from '#server/lib/rate-limiter.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { passwordResetMail, verificationMail } from '../mail/templates.ts';
import { BackgroundJobs } from './background-jobs.ts';
import { LoginGuard, type Throttled } from './login-guard.ts';
import { Logins, type LoginResult } from './logins.ts';
import { SignUps } from './sign-ups.ts';
import { Tokens } from './tokens.ts';
import { countEvent } from '#server/lib/event-counts.ts';

export type { Throttled } from './login-guard.ts';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

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
  private readonly jobs: BackgroundJobs;
  private readonly guard: LoginGuard;
  private readonly tokens: Tokens;
  private readonly logins: Logins;
  private readonly signUps: SignUps;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: DbRateLimiter,
    private readonly limits: () => SecurityLimits,
    private readonly mail: MailService,
    private readonly activity: ActivityService,
    private readonly publicUrl: () => string,
    /** Where failures of the work run after an answer are reported (the app's logger). */
    onBackgroundError: (err: Error) => void,
  ) {
    this.jobs = new BackgroundJobs(onBackgroundError);
    this.guard = new LoginGuard(limiter, limits, clock);
    this.tokens = new Tokens(db, clock);
    this.signUps = new SignUps(db, clock, limiter, limits, mail, publicUrl);
    this.logins = new Logins({
      db,
      clock,
      limiter,
      limits,
      mail,
      activity,
      publicUrl,
      jobs: this.jobs,
      guard: this.guard,
      tokens: this.tokens,
      signUps: this.signUps,
      findUser: (address) => this.findByEmail(address),
      findUserById: (id) => this.findById(id),
      dummyHash: hash(randomToken(16)),
    });
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

  login(email: string, password: string, ip: string, signUpToken?: string): Promise<LoginResult> {
    return this.logins.login(normalizeEmail(email), password, ip, signUpToken);
  }

  loginWithLink(token: string, email: string) {
    return this.logins.loginWithLink(token, email);
  }

  /** A completed sign-in: counted on the user and logged. */
  recordLogin(user: UserRow, ip: string, detail?: string | null) {
    return this.logins.recordLogin(user, ip, detail);
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
      const detail = existing ? 'sign-up tried with a registered address' : 'sign-up requested';
      await this.activity.log('register', { userId: existing?.id ?? null, ip, detail });
    });
  }

  async sendVerification(user: UserRow) {
    const token = await this.tokens.create(user.id, 'verify-email', VERIFY_TTL_MS);
    const link = `${this.publicUrl()}/auth?verification=true&token=${token}&email=${encodeURIComponent(user.email)}`;
    this.mail.sendInBackground(user.email, verificationMail(link), link);
  }

  /** A link from an address change (tokens) or from a pending sign-up, which creates the account. */
  /**
   * An e-mail change's link verifies at once; a sign-up's link is checked here and spent by the
   * sign-in that gives its password ('sign-up').
   */
  async verifyEmail(token: string, email: string, ip: string): Promise<'verified' | 'sign-up' | 'invalid'> {
    const row = await this.tokens.consume(this.db, token, email, 'verify-email');
    if (!row) return (await this.signUps.find(token, normalizeEmail(email))) ? 'sign-up' : 'invalid';
    await this.db
      .updateTable('users')
      .set({ email_verified_at: iso(this.clock.now()) })
      .where('id', '=', row.user_id)
      .execute();
    await this.activity.log('email-verified', { userId: row.user_id, ip });
    return 'verified';
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
    const token = await this.tokens.create(user.id, 'reset-password', RESET_TTL_MS);
    const link = `${this.publicUrl()}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
    this.mail.sendInBackground(user.email, passwordResetMail(link), link);
  }

  async isResetTokenValid(token: string, email: string): Promise<boolean> {
    return (await this.tokens.find(this.db, token, email, 'reset-password')) !== undefined;
  }

  /**
   * Spends the link, sets the password, marks the address verified (a reset proves control of the
   * mailbox), ends every session and retires sign-in links, all in one transaction: a failure
   * part-way must not leave the old sessions alive under the new password.
   */
  async resetPassword(token: string, email: string, password: string, ip: string): Promise<boolean> {
    if (!(await this.tokens.find(this.db, token, email, 'reset-password'))) return false;
    // Hashed before the transaction: it takes tens of milliseconds and needs no connection.
    const passwordHash = await hash(password);
    const now = iso(this.clock.now());
    const userId = await this.db.transaction().execute(async (tx) => {
      const row = await this.tokens.consume(tx, token, email, 'reset-password');
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
    await countEvent(this.db, 'signup', now);
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
}
