import type { PublicUser } from '#shared/accounts/schemas.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';

/** Answer shapes of /api/admin/* as the server sends them (src/server/modules/admin). */

/** Stored bytes against the quota; `overrideBytes` null = the default of the security settings. */
export interface AdminStorage {
  usedBytes: number;
  quotaBytes: number;
  overrideBytes: number | null;
}

export interface AdminUser extends PublicUser {
  disabled: boolean;
  signatureCount: number;
  storage: AdminStorage;
}

export interface AdminUserDetail {
  user: PublicUser & { disabled: boolean; disabledAt: string | null };
  signatures: OwnSignature[];
  signatureCount: number;
  activeSessions: number;
  storage: AdminStorage;
  /** Present once the documents feature reports a user's documents. */
  documents?: unknown;
}

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

export type AdminSignatureDetail = OwnSignature & { ownerEmail: string | null };

export interface ActivityItem {
  id: number;
  event: string;
  userId?: number | null;
  userEmail: string | null;
  ip: string | null;
  detail: string | null;
  createdAt: string;
}

export interface Dashboard {
  users: { total: number; newThisWeek: number };
  signatures: { total: number; anonymous: number; registered: number; expiringSoon: number };
  lookups: { total: number; last30Days: number };
  pageViews: { last30Days: number };
  chart: { days: string[]; signups: number[]; signatures: number[]; lookups: number[]; pageViews: number[] };
  recentActivity: ActivityItem[];
  /** Present once the documents feature adds its counts. */
  documents?: unknown;
}

export interface Report {
  from: string;
  to: string;
  days: string[];
  series: Record<string, number[]>;
  topPaths: { path: string; views: number }[];
}

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

export interface OutboxItem {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  error: string | null;
}

export interface SiteSettings {
  siteName: string;
  publicUrl: string;
  privacyPolicyUrl: string;
  sisterProducts: { label: string; url: string }[];
  analyticsScriptUrl: string | null;
}

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
  /** Added by the documents feature: the PDF signing certificate. */
  certificate?: unknown;
}

export interface CheckResult {
  ok: boolean;
  message: string;
}

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

export interface IpTracking {
  items: IpRow[];
  blocked: BlockedIp[];
  yourIp: string;
}

export interface IpDetail {
  ip: string;
  hours: { hour: string; requests: number; lookups: number; limited: number }[];
  blocked: { reason: string; createdAt: string } | null;
}

export interface Message {
  message: string;
}
