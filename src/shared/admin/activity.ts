/**
 * The activity log's catalogue, shared by the server (what may be logged, what a search matches)
 * and the admin pages (what a person reads): every event kind with its label, and a formatter
 * that turns the stored detail into a sentence. Details were written as short notes ("#12
 * public", "login: wrong"); rows written before a wording changed still read well.
 */
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
  // Account security
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
  'api-token-created',
  'api-token-revoked',
] as const;
export type ActivityEvent = (typeof activityEvents)[number];

export const activityLabels: Record<ActivityEvent, string> = {
  login: 'Signed in',
  'login-failed': 'Failed sign-in',
  'login-throttled': 'Sign-in throttled',
  logout: 'Signed out',
  register: 'Sign-up',
  'email-verified': 'E-mail verified',
  'password-reset-requested': 'Password reset requested',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  'profile-changed': 'Profile changed',
  'captcha-failed': 'Security code failed',
  'admin-created': 'First admin created',
  'admin-action': 'Admin action',
  'signature-created': 'Signature created',
  'signature-deleted': 'Signature deleted',
  'signature-access-changed': 'Signature visibility changed',
  'signature-revoked': 'Signature revoked',
  'lookup-captcha-required': 'Look-ups need a security code',
  'lookup-blocked': 'Look-ups blocked',
  'support-message': 'Support message',
  'document-uploaded': 'Document uploaded',
  'document-signed': 'Document signed',
  'document-shared': 'Document shared',
  'document-share-revoked': 'Document link revoked',
  'document-deleted': 'Document deleted',
  'two-factor-enabled': 'Two-factor sign-in turned on',
  'two-factor-disabled': 'Two-factor sign-in turned off',
  'two-factor-failed': 'Failed second step',
  'two-factor-reset': 'Two-factor sign-in reset',
  'recovery-code-used': 'Recovery code used',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'email-change-requested': 'E-mail change requested',
  'email-changed': 'E-mail address changed',
  'session-revoked': 'Session signed out',
  'new-device': 'Sign-in from a new device',
  'api-token-created': 'API token created',
  'api-token-revoked': 'API token revoked',
};

const isEvent = (event: string): event is ActivityEvent => Object.hasOwn(activityLabels, event);

/** A readable name for an event kind; a kind this build does not know shows in words. */
export function activityLabel(event: string): string {
  if (isEvent(event)) return activityLabels[event];
  const words = event.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : event;
}

/** The kinds whose label contains the text (the log's search matches labels as well as details). */
export function eventsLabelled(text: string): ActivityEvent[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return activityEvents.filter((e) => activityLabels[e].toLowerCase().includes(q));
}

/** The detail of a sign-in attempt on an address that may have no account: "attempted a@b.c". */
export const attemptedDetail = (email: string) => `attempted ${email}`;

/** The address a failed or throttled sign-in tried, shown where the log has no user for it. */
export function attemptedAccount(detail: string | null): string | null {
  const found = detail ? /^attempted (\S+@\S+)/.exec(detail) : null;
  return found ? found[1]! : null;
}

const FORMS: Record<string, string> = {
  login: 'sign-in form',
  register: 'sign-up form',
  'forgot-password': 'password reset form',
  lookup: 'verification page',
};
const CAPTCHA_OUTCOMES: Record<string, string> = {
  wrong: 'wrong code',
  missing: 'no code asked for or already used',
  expired: 'code expired',
};

const sentence = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const quoted = (s: string) => `“${s}”`;

/** "#12 Lease" → "Document #12 “Lease”"; "#12" → "Document #12". */
function numbered(noun: string, detail: string, rest?: (tail: string) => string): string {
  const found = /^#(\d+)\s*(.*)$/.exec(detail);
  if (!found) return sentence(detail);
  const [, id, tail] = found;
  return tail ? `${noun} #${id} ${rest ? rest(tail) : quoted(tail)}` : `${noun} #${id}`;
}

/** Settings changes logged as JSON before they were logged in words: "name value" pairs. */
function legacySettings(detail: string): string | null {
  const found = /^([a-z ]+settings changed): (\{.*\})$/s.exec(detail);
  if (!found) return null;
  try {
    const values = JSON.parse(found[2]!) as Record<string, unknown>;
    const pairs = Object.entries(values).map(([key, value]) => `${settingLabel(key)} ${String(value)}`);
    return `${sentence(found[1]!)}: ${pairs.join(', ')}`;
  } catch {
    return null;
  }
}

/** Names of the settings an admin changes, as the settings pages call them. */
export const settingLabels: Record<string, string> = {
  sessionIdleMinutes: 'inactivity timeout (minutes)',
  sessionLifetimeHours: 'session lifetime (hours)',
  loginWindowMinutes: 'log-in window (minutes)',
  loginFailuresPerAccount: 'failed log-ins per account',
  loginFailuresPerIp: 'failed log-ins per IP',
  lookupWindowMinutes: 'look-up window (minutes)',
  lookupsBeforeCaptcha: 'look-ups before CAPTCHA',
  lookupsBeforeBlock: 'look-ups before blocking',
  storageQuotaMb: 'storage quota (MB)',
  uploadsPerUserPerHour: 'uploads per user and hour',
  uploadsPerIpPerHour: 'uploads per IP and hour',
  signingRequestsPerUserPerHour: 'signing requests per user and hour',
  signingCallsPerTokenPerHour: 'signing page calls per link and hour',
  signingCallsPerIpPerHour: 'signing page calls per IP and hour',
  signingCodesPerRecipientPerHour: 'identity codes per recipient and hour',
  signingMailsPerRecipientPerHour: 'resends and reminders per recipient and hour',
  apiCallsPerTokenPerMinute: 'API calls per token and minute',
  bulkRowsPerUserPerDay: 'bulk send rows per user and day',
  webhooksAllowHttpLoopback: 'webhooks over http to this machine allowed',
  requireTwoFactorForAdmins: 'two-factor required for admins',
  requireTwoFactorForAll: 'two-factor required for everyone',
  siteName: 'site name',
  publicUrl: 'public URL',
  privacyPolicyUrl: 'privacy policy URL',
  sisterProducts: 'sister products',
  analyticsScriptUrl: 'analytics script',
};
const settingLabel = (key: string) => settingLabels[key] ?? key;

const settingValue = (v: unknown): string => {
  if (v === true) return 'on';
  if (v === false) return 'off';
  if (v === null || v === undefined || v === '') return 'none';
  if (Array.isArray(v))
    return v.map((x) => settingValue((x as { label?: unknown })?.label ?? x)).join(', ') || 'none';
  return typeof v === 'string' ? quoted(v) : String(v);
};

/**
 * What changed between two settings objects, in words: "inactivity timeout (minutes) 15 → 5".
 * Keys missing from `after` were not sent and did not change.
 */
export function describeSettingsChange(beforeValues: object, afterValues: object): string[] {
  const before = beforeValues as Record<string, unknown>;
  const after = afterValues as Record<string, unknown>;
  return Object.keys(after)
    .filter((key) => after[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${settingLabel(key)} ${settingValue(before[key])} → ${settingValue(after[key])}`);
}

/** The detail of an event as a person reads it; null when the event has none. */
export function describeActivity(event: string, detail: string | null): string | null {
  const d = detail?.trim() ?? '';
  const attempted = attemptedAccount(d);
  switch (event) {
    case 'login':
      return d ? `With ${d}` : 'With e-mail and password';
    case 'login-failed':
      if (d === 'held') return 'Held: too many failed attempts on this account';
      if (d.startsWith('passkey:')) return `Passkey not accepted (${d.slice(8).trim().replace(/-/g, ' ')})`;
      return attempted ? `Wrong password or unknown address: ${attempted}` : 'Wrong password';
    case 'login-throttled':
      if (d === 'one-time link mailed') return 'Too many failed attempts: a one-time sign-in link was mailed';
      return attempted
        ? `Too many attempts from this network, trying ${attempted}`
        : 'Too many attempts from this network';
    case 'captcha-failed': {
      const [form = '', outcome = ''] = d.split(':').map((s) => s.trim());
      if (!form) return null;
      return `${sentence(FORMS[form] ?? form)}: ${CAPTCHA_OUTCOMES[outcome] ?? outcome}`;
    }
    case 'register':
      return d ? sentence(d) : null;
    case 'admin-action':
      return d ? (legacySettings(d) ?? sentence(d)) : null;
    case 'signature-created':
      return d ? `Reference ${d}` : null;
    case 'signature-deleted': {
      const all = /^all \((\d+)\)$/.exec(d);
      if (all) return `All of the user's signatures (${all[1]})`;
      return d ? numbered('Signature', d) : null;
    }
    case 'signature-access-changed':
      return d ? numbered('Signature', d, (tail) => `made ${tail}`) : null;
    case 'signature-revoked':
      return d ? numbered('Signature', d) : null;
    case 'document-signed':
      return d ? numbered('Document', d, (tail) => `(reference ${tail})`) : null;
    case 'document-uploaded':
    case 'document-shared':
    case 'document-share-revoked':
    case 'document-deleted':
      return d ? numbered('Document', d) : null;
    case 'support-message':
      return d ? `Subject: ${quoted(d)}` : null;
    case 'two-factor-enabled':
    case 'two-factor-disabled':
      return d === 'app' ? 'Authenticator app' : d ? sentence(d) : null;
    case 'two-factor-failed':
      return d ? `Wrong ${d}` : null;
    case 'two-factor-reset': {
      const by = /^by admin (\d+)$/.exec(d);
      return by ? `By admin #${by[1]}` : d ? sentence(d) : null;
    }
    case 'recovery-code-used':
      return d ? `${sentence(d)} unused` : null;
    case 'passkey-added':
      return d ? `Named ${quoted(d)}` : null;
    case 'passkey-removed':
      return d ? sentence(d.replace(/^passkey (\S+)$/, 'passkey #$1')) : null;
    case 'email-change-requested':
      return d ? `To ${d}` : null;
    case 'email-changed':
      return d ? `From ${d.replace(' -> ', ' to ')}` : null;
    case 'session-revoked':
      if (d === 'this device') return 'This device';
      return d ? sentence(d.replace(/^all others \((\d+)\)$/, 'all other sessions ($1)')) : 'Another session';
    case 'new-device':
      return d ? sentence(d) : null;
    default:
      return d ? sentence(d) : null;
  }
}
