import type { Generated, Selectable } from 'kysely';

/** Timestamps are ISO-8601 UTC strings in both dialects, so they compare and sort as text. */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  password_hash: string;
  role: 'admin' | 'user';
  email_verified_at: Timestamp | null;
  disabled_at: Timestamp | null;
  last_login: Timestamp | null;
  login_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** An admin's override of the default storage quota; null = the default (migration 0012). */
  storage_quota_bytes: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the raw id never reaches the database. */
  id: string;
  user_id: number | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface CaptchasTable {
  session_id: string;
  purpose: string;
  answer_hash: string;
  expires_at: Timestamp;
}

export interface TokensTable {
  id: Generated<number>;
  user_id: number;
  kind: 'verify-email' | 'reset-password' | 'login-link';
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-up waiting for its mailed link (decision 018); the token is stored as its SHA-256. */
export interface PendingSignupsTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  password_hash: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface ActivityLogTable {
  id: Generated<number>;
  user_id: number | null;
  event: string;
  ip: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface SignaturesTable {
  id: Generated<number>;
  user_id: number | null;
  reference_number: string;
  signer_name: string | null;
  additional_data: string | null;
  qr_code_data: string | null;
  is_public: Generated<number>;
  is_default: Generated<number>;
  consent_at: Timestamp | null;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** When expiry erased the image and personal data (the row stays to answer 410). */
  purged_at: Timestamp | null;
  /**
   * Random, set while the signature has its images (a row in signature_images): a look-up reads
   * only this row, and the token makes the URL of the verification copy unguessable.
   */
  image_token: string | null;
  /** Signatures made through a signing request (migration 0014): what /verify shows of them. */
  request_id: number | null;
  signer_email_masked: string | null;
  document_name: string | null;
}

/**
 * A signature's pictures, apart from the row a verification reads (migration 0010): one row per
 * signature that has them, gone with the signature, its clear-images or its expiry.
 */
export interface SignatureImagesTable {
  signature_id: number;
  /** The clean image as the owner saved it (PNG or sanitised SVG data URL); owner-only. */
  image_data: string;
  /** Reduced, watermarked PNG: the only picture the public gets. */
  verification_image: Buffer;
}

/** How often and when a signature was last verified (its own narrow table: see migration 0009). */
export interface SignatureLookupsTable {
  signature_id: number;
  lookup_count: number;
  last_verified_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  /** JSON */
  value: string;
  updated_at: Timestamp;
}

export interface PageViewsTable {
  id: Generated<number>;
  path: string;
  referrer_host: string | null;
  /** Keyed hash of the IP and day: counts visitors without storing who they are. */
  visitor: string;
  created_at: Timestamp;
}

/** Decision 031: events counted per day as they happen (sign-ups, signatures, uploads, signings). */
export interface EventCountsTable {
  day: string;
  event: string;
  count: number;
}

export interface DailyStatsTable {
  day: string;
  metric: string;
  count: number;
}

export interface IpStatsTable {
  /** YYYY-MM-DDTHH */
  hour: string;
  ip: string;
  requests: number;
  lookups: number;
  limited: number;
}

export interface BlockedIpsTable {
  ip: string;
  reason: string;
  created_by: number | null;
  created_at: Timestamp;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface DocumentsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  original_filename: string;
  mime_type: string;
  /**
   * 'pending' until signed; 'shared' is derived from live share links, not stored. 'awaiting': a
   * signing request is open; 'completed': sealed after a request (migration 0014).
   */
  status: 'pending' | 'signed' | 'awaiting' | 'completed';
  size: number;
  page_count: number;
  /** SHA-256 of the original upload. */
  sha256: string;
  /** DOC-YYYYMMDD-XXXXXXXX, given when the document is signed. */
  reference: string | null;
  /** SHA-256 of the signed file, as stored and downloaded. */
  signed_sha256: string | null;
  signed_size: number | null;
  /** Pages of the signed file (certificate or audit pages included); null before signing (0019). */
  signed_page_count: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  signed_at: Timestamp | null;
  /** Active content found at upload, comma-separated kinds; '' none; null = not checked (0012). */
  active_content: string | null;
  /** The verification link its QR codes carry, seal in the fragment; null before 0020 or unsealed. */
  sealed_link: string | null;
  /** 'template': a template's file, in no documents list, copied by each use (0027). */
  purpose: Generated<'document' | 'template'>;
}

export interface FilesTable {
  id: Generated<number>;
  document_id: number;
  /**
   * An open signing request's latest revision is its base, then each signer's increment
   * (`revision-<number>`, decision 035) in order. The base is the original, or a whole revision
   * of kind 'revision' (migration 0014: how they were kept before 040).
   */
  kind: 'original' | 'signed' | 'revision' | `revision-${number}`;
  /** Empty when the bytes are in `file_parts` (`parts` > 0). */
  bytes: Buffer;
  sha256: string;
  size: number;
  /** How many `file_parts` of `blob` hold the bytes, in order; 0: `bytes` holds them (migration 0022). */
  parts: Generated<number>;
  blob: string | null;
  created_at: Timestamp;
}

/** A file's bytes in parts, written before its row (FileStore.stage, decision 035). */
export interface FilePartsTable {
  blob: string;
  n: number;
  bytes: Buffer;
  created_at: string;
}

export interface DocumentSignaturesTable {
  id: Generated<number>;
  document_id: number;
  user_id: number | null;
  signature_id: number | null;
  signature_reference: string;
  signer_name: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  signed_at: Timestamp;
}

export interface ShareLinksTable {
  id: Generated<number>;
  document_id: number;
  /** SHA-256 of the token; the token itself is only ever in the owner's link. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** Set on the recipients' download links a completed request made; null on the owner's own. */
  request_id: number | null;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  /** JSON array of strings */
  tags: string;
  featured_image: string;
  published: Generated<number>;
  published_at: Timestamp | null;
  author_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BlogImagesTable {
  id: Generated<number>;
  mime_type: string;
  bytes: Buffer;
  size: number;
  width: number;
  height: number;
  created_at: Timestamp;
}

/** Migration 0016: an authenticator app's secret, sealed with the SecretBox. */
export interface UserTotpTable {
  user_id: number;
  secret_sealed: string;
  confirmed_at: Timestamp | null;
  /** The last 30-second step a code was accepted for (replay refused). */
  last_step: number | null;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** HMAC-SHA-256 with a server key (decision 030). */
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url */
  credential_id: string;
  /** COSE public key, base64url */
  public_key: string;
  counter: number;
  /** JSON array of transports, as the authenticator reported them */
  transports: string | null;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface WebauthnChallengesTable {
  /** SHA-256 of the session id and purpose */
  key: string;
  challenge: string;
  user_id: number | null;
  expires_at: Timestamp;
}

export interface PendingLoginsTable {
  /** SHA-256 of the random value in the browser's HttpOnly cookie */
  id: string;
  user_id: number;
  attempts: number;
  /** How the first step was passed ('one-time link'), for the log */
  detail: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface UserDevicesTable {
  user_id: number;
  device_key: string;
  created_at: Timestamp;
}

/** A user's token for the public API (migration 0025). */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  prefix: string;
  /** Space-separated scopes. */
  scopes: string;
  expires_at: Timestamp | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  revoked_at: Timestamp | null;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

/** The first answer to an Idempotency-Key, per token (migration 0025). */
export interface IdempotencyKeysTable {
  token_id: number;
  key: string;
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Timestamp;
}

export interface Database {
  blog_posts: BlogPostsTable;
  blog_images: BlogImagesTable;
  documents: DocumentsTable;
  files: FilesTable;
  file_parts: FilePartsTable;
  document_signatures: DocumentSignaturesTable;
  share_links: ShareLinksTable;
  daily_stats: DailyStatsTable;
  event_counts: EventCountsTable;
  ip_stats: IpStatsTable;
  blocked_ips: BlockedIpsTable;
  support_messages: SupportMessagesTable;
  page_views: PageViewsTable;
  settings: SettingsTable;
  signatures: SignaturesTable;
  signature_images: SignatureImagesTable;
  signature_lookups: SignatureLookupsTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  tokens: TokensTable;
  pending_signups: PendingSignupsTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  app_secrets: AppSecretsTable;
  activity_log: ActivityLogTable;
  jobs: JobsTable;
  signing_requests: SigningRequestsTable;
  signing_recipients: SigningRecipientsTable;
  signing_links: SigningLinksTable;
  signing_fields: SigningFieldsTable;
  signing_events: SigningEventsTable;
  signing_codes: SigningCodesTable;
  signing_revisions: SigningRevisionsTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  pending_logins: PendingLoginsTable;
  email_changes: EmailChangesTable;
  user_devices: UserDevicesTable;
  seal_keys: SealKeysTable;
  log_leaves: LogLeavesTable;
  log_nodes: LogNodesTable;
  log_state: LogStateTable;
  log_pending: LogPendingTable;
  log_heads: LogHeadsTable;
  webhook_events: WebhookEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  templates: TemplatesTable;
  template_roles: TemplateRolesTable;
  template_fields: TemplateFieldsTable;
  bulk_sends: BulkSendsTable;
  bulk_rows: BulkRowsTable;
}

export interface BulkSendsTable {
  id: Generated<number>;
  user_id: number;
  template_id: number | null;
  template_name: string;
  status: 'running' | 'paused' | 'cancelled' | 'completed';
  total: number;
  sent: Generated<number>;
  failed: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
  /** A runner holds the send until then (one at a time; a crashed one's hold runs out). */
  lease_until: Timestamp | null;
}

export interface BulkRowsTable {
  id: Generated<number>;
  bulk_id: number;
  /** The line's number among the CSV's data lines (or the JSON rows), from 1. */
  n: number;
  /** JSON: `{ recipients: [{ name, email }], values: { key: value } }`. */
  data: string;
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  error: string | null;
  /** The document copied for it, once copied: a resumed run uses it rather than copy again. */
  document_id: number | null;
  request_id: number | null;
  updated_at: Timestamp;
}

export interface TemplatesTable {
  id: Generated<number>;
  user_id: number;
  /** Its file, a document whose purpose is 'template'; null once that is gone. */
  document_id: number | null;
  name: string;
  signing_order: 'sequential' | 'parallel';
  message: string | null;
  expiry_days: number;
  reminder_first_days: number | null;
  reminder_every_days: number | null;
  require_code: number;
  recipients_download_link: number;
  uses: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TemplateRolesTable {
  id: Generated<number>;
  template_id: number;
  position: number;
  name: string;
  role: 'signer' | 'approver' | 'viewer';
}

export interface TemplateFieldsTable {
  id: Generated<number>;
  template_id: number;
  position: number;
  role_position: number;
  type: 'signature' | 'initials' | 'name' | 'date' | 'text' | 'checkbox';
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: number;
  field_key: string | null;
  default_value: string | null;
  editable: number;
}

/** Without the quota override: only the quota checks read it, the session's hot path does not. */
export type UserRow = Omit<Selectable<UsersTable>, 'storage_quota_bytes'>;
export type SignatureRow = Selectable<SignaturesTable>;
export type DocumentRow = Selectable<DocumentsTable>;

/** The durable job queue (migration 0013, decision 025). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON; emptied when the job is done (mails carry one-time links). */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Queued: when the job is due. */
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  /** At most one queued job per key (reminders, expiries). */
  key: string | null;
  locked_by: string | null;
  /** The lease of a running job: after it, any worker may take the job over. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}
export type JobRow = Selectable<JobsTable>;
/** Signing requests (migration 0014, decision 026). */
export interface SigningRequestsTable {
  id: Generated<number>;
  document_id: number;
  user_id: number;
  status: 'active' | 'completed' | 'cancelled' | 'declined' | 'expired';
  signing_order: 'sequential' | 'parallel';
  message: string | null;
  expires_at: Timestamp;
  reminder_first_days: number | null;
  reminder_every_days: number | null;
  require_code: number;
  /** 1: recipients get a download link of the final PDF on completion; 0: off (never, or turned off). */
  recipients_download_link: Generated<number>;
  /** Revisions landed so far; a finish commits only on the revision it was made from. */
  revision: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  ended_at: Timestamp | null;
  /** The template it was made from, while that exists (0027). */
  template_id: Generated<number | null>;
  /** The bulk send's row it was made for (0028): one request per row. */
  bulk_row_id: Generated<number | null>;
}

export interface SigningRecipientsTable {
  id: Generated<number>;
  request_id: number;
  position: number;
  name: string;
  email: string;
  role: 'signer' | 'approver' | 'viewer';
  status: 'waiting' | 'sent' | 'opened' | 'signed' | 'declined' | 'expired';
  sent_at: Timestamp | null;
  opened_at: Timestamp | null;
  code_verified_at: Timestamp | null;
  signed_at: Timestamp | null;
  declined_at: Timestamp | null;
  decline_reason: string | null;
  last_reminded_at: Timestamp | null;
  reminders_sent: Generated<number>;
  signature_id: number | null;
}

/** A recipient's personal link; only the token's SHA-256 is stored. */
export interface SigningLinksTable {
  id: Generated<number>;
  recipient_id: number;
  token_hash: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface SigningFieldsTable {
  id: Generated<number>;
  request_id: number;
  recipient_id: number;
  position: number;
  type: 'signature' | 'initials' | 'name' | 'date' | 'text' | 'checkbox';
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: number;
  value: string | null;
  /** The template field's key its value was given for (0027). */
  field_key: Generated<string | null>;
  /** A value given by the sender, shown to the recipient; `prefill_locked`: they cannot change it. */
  prefill: Generated<string | null>;
  prefill_locked: Generated<number>;
}

export interface SigningEventsTable {
  id: Generated<number>;
  request_id: number;
  recipient_id: number | null;
  kind: string;
  actor: string;
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface SigningCodesTable {
  id: Generated<number>;
  recipient_id: number;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: Timestamp | null;
  /** The session (its hashed id) of the browser that confirmed the code. */
  session_id: string | null;
}

export interface SigningRevisionsTable {
  id: Generated<number>;
  request_id: number;
  number: number;
  recipient_id: number | null;
  label: string;
  sha256: string;
  size: number;
  /** JSON [{ page, rect }]: where the revision's QR stamps went. */
  stamps: Generated<string>;
  created_at: Timestamp;
}

export type SigningRequestRow = Selectable<SigningRequestsTable>;
export type SigningRecipientRow = Selectable<SigningRecipientsTable>;
export type SigningFieldRow = Selectable<SigningFieldsTable>;
/** Instance signing keys (migration 0015): never deleted; at most one active. */
export interface SealKeysTable {
  kid: string;
  /** JSON: the public JWK (kty, crv, x, y). */
  public_jwk: string;
  /** PKCS #8 of the private key, base64, sealed with the settings SecretBox. */
  private_sealed: string;
  status: 'active' | 'retired';
  created_at: Timestamp;
  retired_at: Timestamp | null;
  /** Seals dated after this are refused (retirement plus a grace for instances still signing). */
  valid_until: Timestamp | null;
}

/** Transparency log (migration 0015): leaves, complete subtrees, the head row, signed heads. */
export interface LogLeavesTable {
  idx: number;
  leaf_hash: Buffer;
  /** The entry's exact text; its UTF-8 bytes are what the leaf hash covers. */
  entry: string;
}

export interface LogNodesTable {
  level: number;
  idx: number;
  hash: Buffer;
}

export interface LogStateTable {
  id: number;
  tree_size: number;
  root_hash: Buffer;
  /** The next index an entry is given: leaves below tree_size, queued ones up to here. */
  next_idx: Generated<number>;
}

/** An entry with its index, not yet a leaf: reserved (its item not committed), ready, or void. */
export interface LogPendingTable {
  idx: number;
  entry: string;
  state: 'reserved' | 'ready' | 'void';
  reserved_at: string;
}

export interface LogHeadsTable {
  tree_size: number;
  root_hash: Buffer;
  timestamp_ms: number;
  kid: string;
  signature: Buffer;
}

/** An account's events: the API's feed and what webhooks send (kept 30 days). */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** `evt_…`: the feed's id and the deliveries' `webhook-id`. */
  public_id: string;
  user_id: number;
  type: string;
  /** JSON object. */
  data: string;
  created_at: Timestamp;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  description: Generated<string>;
  /** JSON array of event types. */
  events: string;
  enabled: Generated<number>;
  /** Set when the server switched it off (3 days of failures). */
  disabled_reason: string | null;
  /** The `whsec_…` secret, sealed with the settings key. */
  secret_sealed: string;
  /** After a rotation: the previous secret, which signs too until previous_secret_until. */
  previous_secret_sealed: string | null;
  previous_secret_until: Timestamp | null;
  /** The first failed attempt with no success since. */
  failing_since: Timestamp | null;
  /** Failed attempts in a row. */
  failures: Generated<number>;
  /** While failing: no delivery is tried before this. */
  retry_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: number;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  response_status: number | null;
  /** The first 1 KB of the last answer's body. */
  response_excerpt: string | null;
  duration_ms: number | null;
  error: string | null;
  created_at: Timestamp;
}
