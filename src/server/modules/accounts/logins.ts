import { verify } from '@node-rs/argon2';
import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { DbRateLimiter } from '#server/lib/rate-limiter.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { failedSignInsMail, signInLinkMail } from '../mail/templates.ts';
import type { BackgroundJobs } from './background-jobs.ts';
import type { LoginGuard, Throttled } from './login-guard.ts';
import type { SignUps } from './sign-ups.ts';
import type { Tokens } from './tokens.ts';
import { attemptedDetail } from '#shared/admin/activity.ts';

const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export type LoginResult =
  | { kind: 'ok'; user: UserRow }
  | { kind: 'invalid' }
  | { kind: 'disabled' }
  /** Past the account-wide ceiling: the same answer for a right and a wrong password. */
  | { kind: 'held' }
  | Throttled;

export interface LoginDeps {
  db: Db;
  clock: Clock;
  limiter: DbRateLimiter;
  limits: () => SecurityLimits;
  mail: MailService;
  activity: ActivityService;
  publicUrl: () => string;
  jobs: BackgroundJobs;
  guard: LoginGuard;
  tokens: Tokens;
  signUps: SignUps;
  findUser: (address: string) => Promise<UserRow | undefined>;
  findUserById: (id: number) => Promise<UserRow | undefined>;
  /** Verified against when the address is unknown, so timing does not tell which accounts exist. */
  dummyHash: Promise<string>;
}

/** Log-in by password or by a mailed one-time link, with the counters of decision 018. */
export class Logins {
  constructor(private readonly d: LoginDeps) {}

  /**
   * `address` is normalised (trimmed, lower case). With `signUpToken` (the link of an e-mail-first
   * sign-up), a right password for a pending sign-up creates its account and signs it in.
   */
  async login(address: string, password: string, ip: string, signUpToken?: string): Promise<LoginResult> {
    const reserved = await this.d.guard.reserve(address, ip);
    if (reserved.kind === 'throttled') return reserved;
    let user = await this.d.findUser(address);
    const pending = !user && signUpToken ? await this.d.signUps.find(signUpToken, address) : undefined;
    const hash = user?.password_hash ?? pending?.password_hash ?? (await this.d.dummyHash);
    const ok = await verify(hash, password).catch(() => false);
    if (ok && pending && !reserved.held) {
      user = await this.d.signUps.complete(signUpToken!, address);
      if (user) await this.d.activity.log('register', { userId: user.id, ip });
    }
    if (reserved.held) {
      this.d.jobs.run(() => this.afterHeldAttempt(address, ok ? user : undefined, ip));
      return { kind: 'held' };
    }
    if (!user || !ok) {
      this.d.jobs.run(() => this.afterFailure(address, user, ip, reserved.accountAttempts));
      return { kind: 'invalid' };
    }
    await this.d.guard.succeeded(address, ip);
    if (user.disabled_at) return { kind: 'disabled' };
    // Recorded as a login once the sign-in completes: after the second step, if the account has one.
    return { kind: 'ok', user };
  }

  /** Signs in with a mailed one-time link (decision 018). */
  async loginWithLink(
    token: string,
    email: string,
  ): Promise<{ kind: 'ok'; user: UserRow } | { kind: 'invalid' } | { kind: 'disabled' }> {
    const row = await this.d.tokens.consume(this.d.db, token, email, 'login-link');
    const user = row && (await this.d.findUserById(row.user_id));
    if (!user) return { kind: 'invalid' };
    if (user.disabled_at) return { kind: 'disabled' };
    return { kind: 'ok', user };
  }

  async recordLogin(user: UserRow, ip: string, detail?: string | null) {
    const now = iso(this.d.clock.now());
    await this.d.db
      .updateTable('users')
      .set((eb) => ({ last_login: now, login_count: eb('login_count', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    await this.d.activity.log('login', { userId: user.id, ip, detail: detail ?? null });
    return { ...user, last_login: now, login_count: user.login_count + 1 };
  }

  /** Runs after the answer, so an existing account's extra work (the warning) cannot be timed. */
  private async afterFailure(address: string, user: UserRow | undefined, ip: string, attempts: number) {
    // an address without an account has no user to show: the log names the address tried
    await this.d.activity.log('login-failed', {
      userId: user?.id ?? null,
      ip,
      detail: user ? null : attemptedDetail(address),
    });
    if (!user || user.disabled_at || !(await this.d.guard.shouldWarn(address, attempts))) return;
    const since = iso(this.d.clock.now() - this.d.limits().loginWindowMs);
    const failures = await this.d.db
      .selectFrom('activity_log')
      .select(['created_at as at', 'ip'])
      .where('user_id', '=', user.id)
      .where('event', '=', 'login-failed')
      .where('created_at', '>=', since)
      .orderBy('id')
      .limit(20)
      .execute();
    const link = `${this.d.publicUrl()}/auth?tab=forgot-password`;
    this.d.mail.sendInBackground(user.email, failedSignInsMail(attempts, failures, link), link);
  }

  /** `user` is set only when the password was right: it then earns a one-time link, never a session. */
  private async afterHeldAttempt(address: string, user: UserRow | undefined, ip: string) {
    if (!user || user.disabled_at) {
      await this.d.activity.log('login-failed', { userId: user?.id ?? null, ip, detail: 'held' });
      return;
    }
    await this.d.guard.succeeded(address, ip);
    await this.d.activity.log('login-throttled', { userId: user.id, ip, detail: 'one-time link mailed' });
    const sent = await this.d.limiter.hit(`login-link:addr:${address}`, HOUR_MS);
    if (sent.count > this.d.limits().mailsPerAddressPerHour) return;
    const token = await this.d.tokens.create(user.id, 'login-link', LOGIN_LINK_TTL_MS);
    const link = `${this.d.publicUrl()}/auth?signin=link&token=${token}&email=${encodeURIComponent(user.email)}`;
    this.d.mail.sendInBackground(user.email, signInLinkMail(link), link);
  }
}
