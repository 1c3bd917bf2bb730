import type { Db } from '#server/db/kysely.ts';
import { iso, type Clock } from '#server/lib/clock.ts';

export const activityEvents = [
  'login',
  'login-failed',
  'login-throttled',
  'logout',
  'register',
  'email-verified',
  'password-reset-requested',
  'password-reset',
  'password-changed',
  'profile-changed',
  'captcha-failed',
  'admin-created',
  'admin-action',
  'signature-created',
  'signature-deleted',
  'signature-access-changed',
  'signature-revoked',
  'lookup-captcha-required',
  'lookup-blocked',
  'support-message',
  'document-uploaded',
  'document-signed',
  'document-shared',
  'document-share-revoked',
  'document-deleted',
  // issue 14: account security
  'two-factor-enabled',
  'two-factor-disabled',
  'two-factor-failed',
  'two-factor-reset',
  'recovery-code-used',
  'passkey-added',
  'passkey-removed',
  'email-change-requested',
  'email-changed',
  'session-revoked',
  'new-device',
] as const;
export type ActivityEvent = (typeof activityEvents)[number];

/** The security log: who did what, when, from where. Never a password, token or code. */
export class ActivityService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async log(event: ActivityEvent, e: { userId?: number | null; ip?: string | null; detail?: string | null }) {
    await this.db
      .insertInto('activity_log')
      .values({
        event,
        user_id: e.userId ?? null,
        ip: e.ip ?? null,
        detail: e.detail?.slice(0, 500) ?? null,
        created_at: iso(this.clock.now()),
      })
      .execute();
  }
}
