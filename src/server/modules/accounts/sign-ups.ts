import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { DbRateLimiter } from '#server/lib/rate-limiter.ts';
import type { MailService } from '../mail/mail.service.ts';
import { accountExistsMail, verificationMail } from '../mail/templates.ts';
import { countEvent } from '#server/lib/event-counts.ts';

export const SIGN_UP_TTL_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface SignUpRequest {
  email: string;
  name: string | null;
  passwordHash: string;
}

/**
 * E-mail-first sign-up (decision 018): a request for a new address waits in pending_signups
 * until its mailed link is opened; a request for a taken address mails the owner instead. Both
 * run in the background, after the same answer has been sent.
 */
export class SignUps {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: DbRateLimiter,
    private readonly limits: () => SecurityLimits,
    private readonly mail: MailService,
    private readonly publicUrl: () => string,
  ) {}

  async request(req: SignUpRequest, existing: UserRow | undefined) {
    const sent = await this.limiter.hit(`signup:addr:${req.email}`, HOUR_MS);
    if (sent.count > this.limits().mailsPerAddressPerHour) return;
    const base = this.publicUrl();
    if (existing) {
      const reset = `${base}/auth?tab=forgot-password`;
      this.mail.sendInBackground(existing.email, accountExistsMail(reset, `${base}/auth?tab=login`), reset);
      return;
    }
    const token = randomToken(32);
    const now = this.clock.now();
    await this.db.deleteFrom('pending_signups').where('expires_at', '<=', iso(now)).execute();
    const row = {
      email: req.email,
      name: req.name,
      password_hash: req.passwordHash,
      token_hash: sha256(token),
      expires_at: iso(now + SIGN_UP_TTL_MS),
      created_at: iso(now),
    };
    // One pending sign-up per address: the newest request wins and the older link stops working.
    await this.db
      .insertInto('pending_signups')
      .values(row)
      .onConflict((oc) => oc.column('email').doUpdateSet(row))
      .execute();
    const link = `${base}/auth?verification=true&token=${token}&email=${encodeURIComponent(req.email)}`;
    this.mail.sendInBackground(req.email, verificationMail(link), link);
  }

  /** The pending sign-up a link names, while it is valid. */
  find(token: string, email: string) {
    return this.db
      .selectFrom('pending_signups')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .where('email', '=', email)
      .where('expires_at', '>', iso(this.clock.now()))
      .executeTakeFirst();
  }

  /**
   * Creates the account, verified, in the same transaction that spends the link. Called only once
   * the chosen password has been given with the link (see Logins.login): a link alone would let
   * whoever signed up with someone else's address own the account its owner confirms.
   * Undefined when the link is unknown, expired or the address was taken meanwhile.
   */
  async complete(token: string, email: string): Promise<UserRow | undefined> {
    const now = iso(this.clock.now());
    return this.db.transaction().execute(async (tx) => {
      const pending = await tx
        .deleteFrom('pending_signups')
        .where('token_hash', '=', sha256(token))
        .where('email', '=', email)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (!pending) return undefined;
      const user = await tx
        .insertInto('users')
        .values({
          email: pending.email,
          name: pending.name,
          password_hash: pending.password_hash,
          role: 'user',
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (user) await countEvent(tx, 'signup', now);
      return user;
    });
  }
}
