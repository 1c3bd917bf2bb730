import { deviceLabel } from '#shared/accounts/device.ts';
import type { Db } from '#server/db/kysely.ts';
import type { UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { hmac, sha256 } from '#server/lib/crypto.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { DbRateLimiter } from '#server/lib/rate-limiter.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import type { SettingsStore } from '#server/lib/settings-store.ts';
import type { ActivityEvent, ActivityService } from '../activity/activity.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MailContent } from '../mail/templates.ts';
import { EmailChanges } from './email-changes.ts';
import { PasskeysService } from './passkeys.service.ts';
import { PendingLogins } from './pending-logins.ts';
import { RecoveryCodes } from './recovery-codes.ts';
import { securityMails } from './security-mails.ts';
import type { TwoFactorPolicy } from './two-factor-policy.ts';
import { TwoFactorService } from './two-factor.service.ts';

export interface AccountSecurityDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  /** Server key material; the recovery-code key is derived from it. */
  keyMaterial: string;
  limiter: DbRateLimiter;
  limits: () => SecurityLimits;
  policy: SettingsStore<TwoFactorPolicy>;
  mail: MailService;
  activity: ActivityService;
  publicUrl: () => string;
  siteName: () => string;
}

/** Two-factor sign-in, passkeys, pending logins, e-mail changes and security notices. */
export class AccountSecurity {
  readonly twoFactor: TwoFactorService;
  readonly pending: PendingLogins;
  readonly passkeys: PasskeysService;
  readonly emailChanges: EmailChanges;

  constructor(private readonly d: AccountSecurityDeps) {
    const recovery = new RecoveryCodes(d.db, d.clock, hmac(d.keyMaterial, 'recovery-codes'));
    this.twoFactor = new TwoFactorService(d.db, d.clock, d.secretBox, recovery, d.policy, d.siteName);
    this.pending = new PendingLogins(d.db, d.clock, d.limiter, d.limits);
    this.passkeys = new PasskeysService(d.db, d.clock, () => {
      const url = new URL(d.publicUrl());
      return { id: url.hostname, origin: url.origin, name: d.siteName() };
    });
    this.emailChanges = new EmailChanges(d.db, d.clock);
  }

  get settingsLink() {
    return `${this.d.publicUrl()}/settings?tab=security`;
  }

  /** Logs the event and mails the owner (in the background: the answer does not wait for SMTP). */
  async notify(
    user: Pick<UserRow, 'id' | 'email'>,
    event: ActivityEvent,
    ip: string | null,
    mail: MailContent | null,
    detail: string | null = null,
  ) {
    await this.d.activity.log(event, { userId: user.id, ip, detail });
    if (mail) this.d.mail.sendInBackground(user.email, mail, this.settingsLink);
  }

  /** Mails the owner without a log line (the caller logged the event already). */
  notifyByMail(user: Pick<UserRow, 'email'>, mail: MailContent) {
    this.d.mail.sendInBackground(user.email, mail, this.settingsLink);
  }

  readonly mails = securityMails;

  /**
   * Remembers the browser and system an account signs in from; a new one (after the first ever)
   * is logged and mailed to the owner.
   */
  async signedInFrom(user: Pick<UserRow, 'id' | 'email'>, ip: string, userAgent: string | undefined) {
    const device = deviceLabel(userAgent);
    const now = iso(this.d.clock.now());
    const known = await this.d.db
      .selectFrom('user_devices')
      .select('device_key')
      .where('user_id', '=', user.id)
      .execute();
    const key = sha256(device);
    if (known.some((k) => k.device_key === key)) return;
    await this.d.db
      .insertInto('user_devices')
      .values({ user_id: user.id, device_key: key, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'device_key']).doNothing())
      .execute();
    if (known.length === 0) return;
    await this.notify(
      user,
      'new-device',
      ip,
      securityMails.newDevice(this.settingsLink, ip, device, now),
      device,
    );
  }

  async purgeExpired() {
    await Promise.all([this.pending.purgeExpired(), this.passkeys.purgeExpired()]);
  }
}
