import type { PublicUser } from '#shared/accounts/schemas.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import type { Paged } from './schemas.ts';

/**
 * What /api/admin/* answers. The server's handlers check their answers against these types
 * (`satisfies`) and the web app reads them, so the two cannot drift apart.
 */

export interface Message {
  message: string;
}

/** Stored bytes against the quota; `overrideBytes` null = the default of the security settings. */
export interface AdminStorage {
  usedBytes: number;
  quotaBytes: number;
  overrideBytes: number | null;
}

/** GET /api/admin/users */
export interface AdminUser extends PublicUser {
  disabled: boolean;
  signatureCount: number;
  storage: AdminStorage;
  /** An authenticator app or a passkey. */
  twoFactor: boolean;
}

/** GET /api/admin/users/:id */
export interface AdminUserDetail {
  user: PublicUser & { disabled: boolean; disabledAt: string | null; twoFactor: boolean };
  /** The 50 newest, without their image data. */
  signatures: OwnSignature[];
  signatureCount: number;
  activeSessions: number;
  storage: AdminStorage;
}

/** PATCH /api/admin/users/:id/status */
export type AdminUserStatus = PublicUser & { disabled: boolean };

/** GET /api/admin/signatures */
export interface AdminSignature {
  id: number;
  referenceNumber: string;
  signerName: string;
  userId: number | null;
  ownerEmail: string | null;
  isPublic: boolean;
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
  revokedAt: string | null;
  lookupCount: number;
  lastVerifiedAt: string | null;
  hasImage: boolean;
}

/** GET /api/admin/signatures/:id */
export type AdminSignatureDetail = OwnSignature & { ownerEmail: string | null };

/** GET /api/admin/activities (the dashboard's recent activity leaves out `userId`). */
export interface ActivityItem {
  id: number;
  event: string;
  userId?: number | null;
  userEmail: string | null;
  ip: string | null;
  detail: string | null;
  createdAt: string;
}

/** GET /api/admin/documents/summary, and the dashboard's document counts. */
export interface DocumentCounts {
  total: number;
  /** Signed by their owner. */
  signed: number;
  /** Not signed, with a live share link (and no open signing request). */
  shared: number;
  pending: number;
  /** A signing request is open. */
  awaiting: number;
  /** Sealed after a signing request. */
  completed: number;
}

/** GET /api/admin/dashboard */
export interface Dashboard {
  users: { total: number; newThisWeek: number };
  signatures: { total: number; anonymous: number; registered: number; expiringSoon: number };
  lookups: { total: number; last30Days: number };
  documents: DocumentCounts;
  pageViews: { last30Days: number };
  chart: { days: string[]; signups: number[]; signatures: number[]; lookups: number[]; pageViews: number[] };
  recentActivity: ActivityItem[];
}

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
export interface Report {
  from: string;
  to: string;
  days: string[];
  series: Record<ReportSeriesName, number[]>;
  topPaths: { path: string; views: number }[];
}

/** GET/PUT/DELETE /api/admin/email-settings: never the password, only whether one is stored. */
export interface EmailSettings {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user: string;
  from: string;
  passwordSet: boolean;
  source: 'settings' | 'environment' | 'none';
  outboxMode: boolean;
}

/** POST /api/admin/email-settings/test (200), POST /api/admin/diagnostics/mail-check */
export interface CheckResult {
  ok: boolean;
  message: string;
}

/** GET /api/admin/outbox */
export interface OutboxItem {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  error: string | null;
}

/** GET/PUT /api/admin/security-settings: every limit, in the units an admin thinks in. */
export interface SecuritySettings {
  sessionIdleMinutes: number;
  sessionLifetimeHours: number;
  loginWindowMinutes: number;
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  lookupWindowMinutes: number;
  lookupsBeforeCaptcha: number;
  lookupsBeforeBlock: number;
  storageQuotaMb: number;
  uploadsPerUserPerHour: number;
  uploadsPerIpPerHour: number;
  signingRequestsPerUserPerHour: number;
  signingCallsPerTokenPerHour: number;
  signingCallsPerIpPerHour: number;
  signingCodesPerRecipientPerHour: number;
  signingMailsPerRecipientPerHour: number;
  /** Who is asked to set up two-factor sign-in. */
  requireTwoFactorForAdmins: boolean;
  requireTwoFactorForAll: boolean;
}

/** GET/PUT /api/admin/settings */
export interface SiteSettings {
  siteName: string;
  publicUrl: string;
  privacyPolicyUrl: string;
  sisterProducts: { label: string; url: string }[];
  analyticsScriptUrl: string | null;
}

/** GET /api/admin/support-messages */
export interface SupportMessage {
  id: number;
  userId: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  read: boolean;
  createdAt: string;
}
export type SupportMessages = Paged<SupportMessage> & { unread: number };

/** GET /api/admin/diagnostics */
export interface Diagnostics {
  version: string;
  node: string;
  uptimeSeconds: number;
  database: {
    kind: string;
    healthy: boolean;
    sizeBytes: number | null;
    migrations: { name: string; timestamp: string }[];
  };
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
  mail: { configured: boolean; source: 'settings' | 'environment' | 'outbox' };
  logLevel: string;
  recentErrors: { at: string; message: string; url: string }[];
  /** Added by the documents feature: the PDF signing certificate, or `{ error }`. */
  certificate?: unknown;
  /** Added by the seals feature: the active key and the transparency log. */
  seals?: { activeKid: string; logSize: number; headSize: number; headAt: number };
}

/** GET /api/admin/ip-tracking: one row per IP over the chosen window. */
export interface IpRow {
  ip: string;
  requests: number;
  lookups: number;
  limited: number;
  lastSeenHour: string;
  blocked: boolean;
}

export interface BlockedIp {
  ip: string;
  reason: string;
  createdAt: string;
}

/** GET /api/admin/ip-tracking: a page of the busiest IPs, every blocked IP, and the caller's. */
export type IpTracking = Paged<IpRow> & { blocked: BlockedIp[]; yourIp: string };

/** GET /api/admin/ip-tracking/:ip */
export interface IpDetail {
  ip: string;
  hours: { hour: string; requests: number; lookups: number; limited: number }[];
  blocked: { reason: string; createdAt: string } | null;
}
