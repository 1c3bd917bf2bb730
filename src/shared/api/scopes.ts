/**
 * What an API token may do. A token carries the scopes its owner chose; each `/api/v1` route
 * names the one it needs. Reads and writes are apart, so a reporting system can hold a token
 * that changes nothing.
 */
export const API_SCOPES = [
  'documents:read',
  'documents:write',
  'requests:read',
  'requests:write',
  'signatures:read',
  'signatures:write',
  'webhooks:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const scopeDescriptions: Record<ApiScope, string> = {
  'documents:read': 'List, read and download documents',
  'documents:write': 'Upload and delete documents',
  'requests:read': 'Read signing requests, their recipients and audit events',
  'requests:write': 'Send, cancel, remind and resend signing requests',
  'signatures:read': 'List and read signatures',
  'signatures:write': 'Create signatures from images and revoke them',
  'webhooks:write': 'Manage webhook endpoints and read their deliveries',
};

/** A token is `ink_` and 32 random bytes in base64url (43 characters). */
export const API_TOKEN_PREFIX = 'ink_';
export const API_TOKEN_PATTERN = /^ink_[A-Za-z0-9_-]{43}$/;

/** The expiries a user picks from when creating a token; null never expires. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
