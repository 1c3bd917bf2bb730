import { z } from 'zod';
import { multiLineText, singleLineText } from '#shared/text.ts';
import { parseIpEntry } from './ip.ts';
import { adminMessages as m } from './messages.ts';

/**
 * Admin lists page with ?page=&pageSize= and answer { items, total }. The bounds keep
 * a hand-written URL from asking for a million rows or an offset past any real table.
 */
export const pageParams = ({ defaultSize = 20, maxSize = 100 } = {}) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });
export type PageParams = z.infer<ReturnType<typeof pageParams>>;

export const pageQuery = pageParams().extend({ q: z.string().trim().max(100).optional() });

export interface Paged<T> {
  items: T[];
  total: number;
}

export const userSortFields = ['createdAt', 'email', 'name', 'lastLogin', 'loginCount'] as const;
export const adminUsersQuery = pageQuery.extend({
  sort: z.enum(userSortFields).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  role: z.enum(['admin', 'user']).optional(),
});

export const roleSchema = z.object({
  role: z.enum(['admin', 'user'], { error: 'Role must be admin or user' }),
});
export const userStatusSchema = z.object({ disabled: z.boolean() });

export const signatureFilters = ['all', 'anonymous', 'registered', 'private', 'expired', 'revoked'] as const;
export const adminSignaturesQuery = pageQuery.extend({ filter: z.enum(signatureFilters).default('all') });

export const adminActivitiesQuery = pageQuery.extend({
  event: z.string().trim().max(60).optional(),
  userId: z.coerce.number().int().positive().optional(),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');
export const reportQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'The start date must not be after the end date',
  });

const minutes = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** Security settings in the units an admin thinks in; each bounded so no limit can be zero or absurd. */
export const securitySettingsSchema = z
  .object({
    sessionIdleMinutes: minutes(5, 240, 'The inactivity timeout'),
    sessionLifetimeHours: minutes(1, 720, 'The session lifetime'),
    loginWindowMinutes: minutes(1, 1440, 'The log-in window'),
    loginFailuresPerAccount: minutes(3, 100, 'Failed log-ins per account'),
    loginFailuresPerIp: minutes(5, 1000, 'Failed log-ins per IP'),
    lookupWindowMinutes: minutes(1, 1440, 'The look-up window'),
    lookupsBeforeCaptcha: minutes(1, 100_000, 'Look-ups before CAPTCHA'),
    lookupsBeforeBlock: minutes(2, 1_000_000, 'Look-ups before blocking'),
    // Optional: a client that does not know them keeps the stored values.
    storageQuotaMb: minutes(1, 1_000_000, 'The storage quota').optional(),
    uploadsPerUserPerHour: minutes(1, 10_000, 'Uploads per user and hour').optional(),
    uploadsPerIpPerHour: minutes(1, 100_000, 'Uploads per IP and hour').optional(),
    signingRequestsPerUserPerHour: minutes(1, 10_000, 'Signing requests per user and hour').optional(),
    signingCallsPerTokenPerHour: minutes(10, 100_000, 'Signing page calls per link and hour').optional(),
    signingCallsPerIpPerHour: minutes(10, 1_000_000, 'Signing page calls per IP and hour').optional(),
    signingCodesPerRecipientPerHour: minutes(1, 100, 'Identity codes per recipient and hour').optional(),
    signingMailsPerRecipientPerHour: minutes(
      1,
      100,
      'Resends and reminders per recipient and hour',
    ).optional(),
    apiCallsPerTokenPerMinute: minutes(10, 100_000, 'API calls per token and minute').optional(),
    bulkRowsPerUserPerDay: minutes(1, 1_000_000, 'Bulk send rows per user and day').optional(),
    webhooksAllowHttpLoopback: z.boolean().optional(),
    requireTwoFactorForAdmins: z.boolean().optional(),
    requireTwoFactorForAll: z.boolean().optional(),
  })
  .refine((v) => v.lookupsBeforeBlock > v.lookupsBeforeCaptcha, {
    message: 'Look-ups before blocking must be more than look-ups before CAPTCHA',
    path: ['lookupsBeforeBlock'],
  });
export type SecuritySettingsInput = z.infer<typeof securitySettingsSchema>;

export const smtpSecurity = ['none', 'starttls', 'tls'] as const;
export const emailSettingsSchema = z.object({
  host: singleLineText().min(1, 'The SMTP host is required').max(255),
  port: z
    .number()
    .int()
    .min(1, 'The port must be between 1 and 65535')
    .max(65535, 'The port must be between 1 and 65535'),
  security: z.enum(smtpSecurity),
  user: singleLineText().max(255).default(''),
  /** Blank keeps the stored password. */
  password: z.string().max(500).optional(),
  from: singleLineText().min(3, 'The sender address is required').max(255),
});
export type EmailSettingsInput = z.infer<typeof emailSettingsSchema>;
export const testEmailSchema = z.object({
  to: z.string().trim().email('Please enter a valid email address'),
});

export const blockIpSchema = z.object({
  ip: z
    .string()
    .trim()
    .max(60, m.invalidIp)
    .refine((v) => parseIpEntry(v) !== null, m.invalidIp),
  reason: singleLineText().min(3, 'Please give a reason (at least 3 characters)').max(300),
});

const httpUrl = z
  .string()
  .trim()
  .url('Please enter a full URL (https://…)')
  .refine((v) => /^https?:\/\//.test(v), 'Only http and https URLs');
export const siteSettingsSchema = z.object({
  siteName: singleLineText().min(1, 'The site name is required').max(60),
  publicUrl: httpUrl,
  privacyPolicyUrl: httpUrl,
  sisterProducts: z.array(z.object({ label: singleLineText().min(1).max(40), url: httpUrl })).max(4),
  analyticsScriptUrl: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .url()
        .refine((v) => v.startsWith('https://'), 'The analytics script must load over https'),
    ])
    .transform((v) => (v === '' ? null : v)),
});
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

export const supportMessageSchema = z.object({
  name: singleLineText().min(1, 'Please enter your name').max(100),
  email: z.string().trim().email('Please enter a valid email address').max(100),
  subject: singleLineText().min(3, 'Please enter a subject').max(150),
  message: multiLineText()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'The message cannot exceed 5000 characters'),
});
export const readFlagSchema = z.object({ read: z.boolean() });
export const logLevelSchema = z.object({
  level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']),
});

/** PATCH /api/admin/users/{id}/storage-quota: megabytes, or null for the default. */
export const storageQuotaSchema = z.object({
  quotaMb: minutes(1, 1_000_000, 'The storage quota').nullable(),
});
export type StorageQuotaInput = z.infer<typeof storageQuotaSchema>;

/** GET /api/admin/ip-tracking: the busiest IPs of the last `hours` (at most 90 days), paged. */
export const ipTrackingQuery = pageParams({ defaultSize: 100, maxSize: 500 }).extend({
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  q: z.string().trim().max(60).optional(),
});
export const ipDetailQuery = ipTrackingQuery.pick({ hours: true });
export const ipParams = z.object({ ip: z.string().max(60) });
