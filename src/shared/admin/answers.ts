import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';
import { publicUser } from '#shared/accounts/answers.ts';
import { ownSignature } from '#shared/signatures/answers.ts';

/**
 * What /api/admin/* answers. The routes serialise through these schemas and the web app takes
 * its types from them, so the two cannot drift apart.
 */

export type Message = z.infer<typeof messageAnswer>;

/** One page of an admin list. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number() });

/** Stored bytes against the quota; `overrideBytes` null = the default of the security settings. */
export const adminStorage = z.object({
  usedBytes: z.number(),
  quotaBytes: z.number(),
  overrideBytes: z.number().nullable(),
});
export type AdminStorage = z.infer<typeof adminStorage>;

/** GET /api/admin/users */
export const adminUser = publicUser.extend({
  disabled: z.boolean(),
  signatureCount: z.number(),
  storage: adminStorage,
  /** An authenticator app or a passkey. */
  twoFactor: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET /api/admin/users/:id */
export const adminUserDetail = z.object({
  user: publicUser.extend({ disabled: z.boolean(), disabledAt: isoTime.nullable(), twoFactor: z.boolean() }),
  /** The 50 newest, without their image data. */
  signatures: z.array(ownSignature),
  signatureCount: z.number(),
  activeSessions: z.number(),
  storage: adminStorage,
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** PATCH /api/admin/users/:id/status */
export const adminUserStatus = publicUser.extend({ disabled: z.boolean() });
export type AdminUserStatus = z.infer<typeof adminUserStatus>;

/** GET /api/admin/signatures */
export const adminSignature = z.object({
  id: z.number(),
  referenceNumber: z.string(),
  signerName: z.string(),
  userId: z.number().nullable(),
  ownerEmail: z.string().nullable(),
  isPublic: z.boolean(),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  expired: z.boolean(),
  revokedAt: isoTime.nullable(),
  lookupCount: z.number(),
  lastVerifiedAt: isoTime.nullable(),
  hasImage: z.boolean(),
});
export type AdminSignature = z.infer<typeof adminSignature>;

/** GET /api/admin/signatures/:id */
export const adminSignatureDetail = ownSignature.extend({ ownerEmail: z.string().nullable() });
export type AdminSignatureDetail = z.infer<typeof adminSignatureDetail>;

/** GET /api/admin/activities (the dashboard's recent activity leaves out `userId`). */
export const activityItem = z.object({
  id: z.number(),
  event: z.string(),
  userId: z.number().nullable().optional(),
  userEmail: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: isoTime,
});
export type ActivityItem = z.infer<typeof activityItem>;

/** GET /api/admin/documents/summary, and the dashboard's document counts. */
export const documentCounts = z.object({
  total: z.number(),
  /** Signed by their owner. */
  signed: z.number(),
  /** Not signed, with a live share link (and no open signing request). */
  shared: z.number(),
  pending: z.number(),
  /** A signing request is open. */
  awaiting: z.number(),
  /** Sealed after a signing request. */
  completed: z.number(),
});
export type DocumentCounts = z.infer<typeof documentCounts>;

/** GET /api/admin/dashboard */
export const dashboard = z.object({
  users: z.object({ total: z.number(), newThisWeek: z.number() }),
  signatures: z.object({
    total: z.number(),
    anonymous: z.number(),
    registered: z.number(),
    expiringSoon: z.number(),
  }),
  lookups: z.object({ total: z.number(), last30Days: z.number() }),
  documents: documentCounts,
  pageViews: z.object({ last30Days: z.number() }),
  chart: z.object({
    days: z.array(z.string()),
    signups: z.array(z.number()),
    signatures: z.array(z.number()),
    lookups: z.array(z.number()),
    pageViews: z.array(z.number()),
  }),
  recentActivity: z.array(activityItem),
});
export type Dashboard = z.infer<typeof dashboard>;

/** Named daily series a report shows, in column order for the CSV. */
export const reportSeriesNames = [
  'signups',
  'signaturesCreated',
  'lookupsFound',
  'lookupsNotFound',
  'lookupsExpiredOrRevoked',
  'lookupsRateLimited',
  'documentsUploaded',
  'documentsSigned',
  'pageViews',
] as const;
export type ReportSeriesName = (typeof reportSeriesNames)[number];

/** GET /api/admin/reports */
export const report = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  series: z.record(z.enum(reportSeriesNames), z.array(z.number())),
  topPaths: z.array(z.object({ path: z.string(), views: z.number() })),
});
export type Report = z.infer<typeof report>;

/** GET/PUT/DELETE /api/admin/email-settings: never the password, only whether one is stored. */
export const emailSettings = z.object({
  host: z.string(),
  port: z.number(),
  security: z.enum(['none', 'starttls', 'tls']),
  user: z.string(),
  from: z.string(),
  passwordSet: z.boolean(),
  source: z.enum(['settings', 'environment', 'none']),
  outboxMode: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettings>;

/** POST /api/admin/email-settings/test (200), POST /api/admin/diagnostics/mail-check */
export const checkResult = z.object({ ok: z.boolean(), message: z.string() });
export type CheckResult = z.infer<typeof checkResult>;

/** GET /api/admin/outbox */
export const outboxItem = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: isoTime,
  error: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof outboxItem>;

/** GET/PUT /api/admin/security-settings: every limit, in the units an admin thinks in. */
export const securitySettings = z.object({
  sessionIdleMinutes: z.number(),
  sessionLifetimeHours: z.number(),
  loginWindowMinutes: z.number(),
  loginFailuresPerAccount: z.number(),
  loginFailuresPerIp: z.number(),
  lookupWindowMinutes: z.number(),
  lookupsBeforeCaptcha: z.number(),
  lookupsBeforeBlock: z.number(),
  storageQuotaMb: z.number(),
  uploadsPerUserPerHour: z.number(),
  uploadsPerIpPerHour: z.number(),
  signingRequestsPerUserPerHour: z.number(),
  signingCallsPerTokenPerHour: z.number(),
  signingCallsPerIpPerHour: z.number(),
  signingCodesPerRecipientPerHour: z.number(),
  signingMailsPerRecipientPerHour: z.number(),
  apiCallsPerTokenPerMinute: z.number(),
  bulkRowsPerUserPerDay: z.number(),
  webhooksAllowHttpLoopback: z.boolean(),
  /** Who is asked to set up two-factor sign-in. */
  requireTwoFactorForAdmins: z.boolean(),
  requireTwoFactorForAll: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettings>;

/** GET/PUT /api/admin/settings, and GET /api/site-settings that every page reads. */
export const siteSettings = z.object({
  siteName: z.string(),
  publicUrl: z.string(),
  privacyPolicyUrl: z.string(),
  sisterProducts: z.array(z.object({ label: z.string(), url: z.string() })),
  analyticsScriptUrl: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** GET /api/admin/support-messages */
export const supportMessage = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: isoTime,
});
export type SupportMessage = z.infer<typeof supportMessage>;
export const supportMessages = paged(supportMessage).extend({ unread: z.number() });
export type SupportMessages = z.infer<typeof supportMessages>;

/** PATCH /api/admin/support-messages/:id */
export const readFlagAnswer = z.object({ read: z.boolean() });

/** The PDF signing certificate as diagnostics show it, or why it could not be read. */
const certificateFacts = z.union([
  z.object({
    subject: z.string(),
    issuer: z.string(),
    notBefore: isoTime,
    notAfter: isoTime,
    expiresInDays: z.number(),
  }),
  z.object({ error: z.string() }),
]);

/** GET /api/admin/diagnostics */
export const diagnostics = z.object({
  version: z.string(),
  node: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.string(),
    healthy: z.boolean(),
    sizeBytes: z.number().nullable(),
    migrations: z.array(z.object({ name: z.string(), timestamp: z.string() })),
  }),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number(), heapTotalBytes: z.number() }),
  mail: z.object({ configured: z.boolean(), source: z.enum(['settings', 'environment', 'outbox']) }),
  logLevel: z.string(),
  recentErrors: z.array(z.object({ at: isoTime, message: z.string(), url: z.string() })),
  /** Added by the documents feature: the PDF signing certificate, or `{ error }`. */
  certificate: certificateFacts.optional(),
  /** Added by the seals feature: the active key and the transparency log. */
  seals: z
    .object({ activeKid: z.string(), logSize: z.number(), headSize: z.number(), headAt: z.number() })
    .optional(),
  /** Why a feature's facts are missing: its check failed. */
  error: z.string().optional(),
});
export type Diagnostics = z.infer<typeof diagnostics>;

/** PUT /api/admin/diagnostics/log-level */
export const logLevelAnswer = z.object({ logLevel: z.string() });

/** GET /api/admin/ip-tracking: one row per IP over the chosen window. */
export const ipRow = z.object({
  ip: z.string(),
  requests: z.number(),
  lookups: z.number(),
  limited: z.number(),
  lastSeenHour: z.string(),
  blocked: z.boolean(),
});
export type IpRow = z.infer<typeof ipRow>;

export const blockedIp = z.object({ ip: z.string(), reason: z.string(), createdAt: isoTime });
export type BlockedIp = z.infer<typeof blockedIp>;

/** GET /api/admin/ip-tracking: a page of the busiest IPs, every blocked IP, and the caller's. */
export const ipTracking = paged(ipRow).extend({ blocked: z.array(blockedIp), yourIp: z.string() });
export type IpTracking = z.infer<typeof ipTracking>;

/** GET /api/admin/ip-tracking/:ip */
export const ipDetail = z.object({
  ip: z.string(),
  hours: z.array(
    z.object({ hour: z.string(), requests: z.number(), lookups: z.number(), limited: z.number() }),
  ),
  blocked: z.object({ reason: z.string(), createdAt: isoTime }).nullable(),
});
export type IpDetail = z.infer<typeof ipDetail>;

/** POST /api/admin/blocked-ips (201): the entry as stored, in its canonical spelling. */
export const blockedAnswer = z.object({ ip: z.string(), reason: z.string() });

/** POST /api/admin/seals/keys/rotate */
export const sealKeyRotated = messageAnswer.extend({ retired: z.string().nullable(), active: z.string() });
