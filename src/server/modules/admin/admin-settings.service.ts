import type { EmailSettings, OutboxItem, SecuritySettings, SiteSettings } from '#shared/admin/answers.ts';
import { describeSettingsChange } from '#shared/admin/activity.ts';
import { adminMessages } from '#shared/admin/messages.ts';
import type { EmailSettingsInput, PageParams, SecuritySettingsInput } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { audit, type Actor } from './actor.ts';
import { countOf, pagedList } from './paged-list.ts';
import { withSiteName } from '#shared/site-name.ts';
import { escapeHtml } from '#server/modules/mail/templates.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const MB = 1024 * 1024;

type Deps = Pick<
  App,
  | 'db'
  | 'config'
  | 'mail'
  | 'emailStore'
  | 'secretBox'
  | 'limits'
  | 'limitsStore'
  | 'site'
  | 'siteStore'
  | 'activity'
  | 'twoFactorPolicy'
>;

/** The settings admins change at run time: e-mail, security limits, the site; and the outbox. */
export class AdminSettingsService {
  constructor(private readonly app: Deps) {}

  /** Never the password, only whether one is stored. */
  email(): EmailSettings {
    const e = this.app.emailStore.current;
    const { smtpUrl } = this.app.config;
    return {
      host: e.host,
      port: e.port,
      security: e.security,
      user: e.user,
      from: e.from,
      passwordSet: e.passwordSealed !== '',
      source: e.host ? 'settings' : smtpUrl ? 'environment' : 'none',
      outboxMode: !e.host && !smtpUrl,
    };
  }

  /** A blank password keeps the stored one; a new one is stored sealed. */
  async saveEmail(actor: Actor, { password, ...rest }: EmailSettingsInput) {
    const { emailStore, secretBox } = this.app;
    const passwordSealed = password ? secretBox.seal(password) : emailStore.current.passwordSealed;
    await emailStore.save({ ...rest, passwordSealed });
    await audit(this.app.activity, actor, `e-mail settings changed (host ${rest.host})`);
    return this.email();
  }

  async clearEmail(actor: Actor) {
    await this.app.emailStore.save({ host: '', user: '', passwordSealed: '', from: '' });
    await audit(this.app.activity, actor, 'e-mail settings cleared');
    return this.email();
  }

  async sendTestMail(actor: Actor, to: string) {
    const { subject, text } = adminMessages.testMail;
    const name = this.app.site.siteName;
    const result = await this.app.mail.sendNow(to, {
      subject: withSiteName(subject, name),
      text: withSiteName(text, name),
      html: `<p>${escapeHtml(withSiteName(text, name))}</p>`,
    });
    await audit(this.app.activity, actor, `test e-mail to ${to}: ${result.ok ? 'sent' : 'failed'}`);
    return result;
  }

  outbox(page: PageParams) {
    const { db } = this.app;
    return pagedList(page, {
      rows: ({ limit, offset }) =>
        db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      total: () => countOf(db.selectFrom('outbox')),
      items: (rows) =>
        rows.map((r): OutboxItem => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          createdAt: r.created_at,
          error: r.error,
        })),
    });
  }

  security(): SecuritySettings {
    const l = this.app.limits;
    return {
      sessionIdleMinutes: Math.round(l.sessionIdleMs / MIN),
      sessionLifetimeHours: Math.round(l.sessionAbsoluteMs / HOUR),
      loginWindowMinutes: Math.round(l.loginWindowMs / MIN),
      loginFailuresPerAccount: l.loginFailuresPerAccount,
      loginFailuresPerIp: l.loginFailuresPerIp,
      lookupWindowMinutes: Math.round(l.lookupWindowMs / MIN),
      lookupsBeforeCaptcha: l.lookupsBeforeCaptcha,
      lookupsBeforeBlock: l.lookupsBeforeBlock,
      storageQuotaMb: Math.round(l.storageQuotaBytes / MB),
      uploadsPerUserPerHour: l.uploadsPerUserPerHour,
      uploadsPerIpPerHour: l.uploadsPerIpPerHour,
      signingRequestsPerUserPerHour: l.signingRequestsPerUserPerHour,
      signingCallsPerTokenPerHour: l.signingCallsPerTokenPerHour,
      signingCallsPerIpPerHour: l.signingCallsPerIpPerHour,
      signingCodesPerRecipientPerHour: l.signingCodesPerRecipientPerHour,
      signingMailsPerRecipientPerHour: l.signingMailsPerRecipientPerHour,
      apiCallsPerTokenPerMinute: l.apiCallsPerTokenPerMinute,
      bulkRowsPerUserPerDay: l.bulkRowsPerUserPerDay,
      webhooksAllowHttpLoopback: l.webhooksAllowHttpLoopback,
      requireTwoFactorForAdmins: this.app.twoFactorPolicy.current.requireForAdmins,
      requireTwoFactorForAll: this.app.twoFactorPolicy.current.requireForAll,
    };
  }

  /** Applies on every instance within seconds (the store is re-read); limits a client omits stay. */
  async saveSecurity(actor: Actor, b: SecuritySettingsInput) {
    const before = this.security();
    await this.app.limitsStore.save({
      sessionIdleMs: b.sessionIdleMinutes * MIN,
      sessionAbsoluteMs: b.sessionLifetimeHours * HOUR,
      loginWindowMs: b.loginWindowMinutes * MIN,
      loginFailuresPerAccount: b.loginFailuresPerAccount,
      loginFailuresPerIp: b.loginFailuresPerIp,
      lookupWindowMs: b.lookupWindowMinutes * MIN,
      lookupsBeforeCaptcha: b.lookupsBeforeCaptcha,
      lookupsBeforeBlock: b.lookupsBeforeBlock,
      ...(b.storageQuotaMb ? { storageQuotaBytes: b.storageQuotaMb * MB } : {}),
      ...(b.uploadsPerUserPerHour ? { uploadsPerUserPerHour: b.uploadsPerUserPerHour } : {}),
      ...(b.uploadsPerIpPerHour ? { uploadsPerIpPerHour: b.uploadsPerIpPerHour } : {}),
      ...optionalCounts(b, SIGNING_LIMITS),
      ...optionalCounts(b, ['apiCallsPerTokenPerMinute', 'bulkRowsPerUserPerDay'] as const),
      ...(b.webhooksAllowHttpLoopback !== undefined
        ? { webhooksAllowHttpLoopback: b.webhooksAllowHttpLoopback }
        : {}),    });
    const { requireTwoFactorForAdmins: admins, requireTwoFactorForAll: all } = b;
    if (admins !== undefined || all !== undefined)
      await this.app.twoFactorPolicy.save({
        ...(admins !== undefined ? { requireForAdmins: admins } : {}),
        ...(all !== undefined ? { requireForAll: all } : {}),
      });
    const changes = describeSettingsChange(before, b);
    await audit(
      this.app.activity,
      actor,
      changes.length
        ? `security settings changed: ${changes.join('; ')}`
        : 'security settings saved unchanged',
    );
    return this.security();
  }

  site(): SiteSettings {
    return { ...this.app.site };
  }

  /** The public URL is kept as an origin: QR codes and links append their own paths. */
  async saveSite(actor: Actor, input: SiteSettings) {
    const before = this.site();
    await this.app.siteStore.save({ ...input, publicUrl: new URL(input.publicUrl).origin });
    const changes = describeSettingsChange(before, this.site());
    await audit(
      this.app.activity,
      actor,
      changes.length ? `site settings changed: ${changes.join('; ')}` : 'site settings saved unchanged',
    );
    return this.site();
  }
}

/** The signing requests' limits: counts an admin edits as they are stored. */
const SIGNING_LIMITS = [
  'signingRequestsPerUserPerHour',
  'signingCallsPerTokenPerHour',
  'signingCallsPerIpPerHour',
  'signingCodesPerRecipientPerHour',
  'signingMailsPerRecipientPerHour',
] as const;

/** The counts the client sent; the ones it left out keep their stored values. */
function optionalCounts<K extends keyof SecuritySettingsInput>(b: SecuritySettingsInput, keys: readonly K[]) {
  const out: Partial<Record<K, number>> = {};
  for (const k of keys) {
    const v = b[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}
