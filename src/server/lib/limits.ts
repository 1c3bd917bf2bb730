import { INACTIVITY_TIMEOUT_MS, SESSION_ABSOLUTE_MS } from '#shared/constants.ts';

/** The limits the server enforces. Admins will edit them at run time (security settings). */
export interface SecurityLimits {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  loginWindowMs: number;
  /** Failed log-ins for one account within the window before 429. */
  loginFailuresPerAccount: number;
  /** Failed log-ins from one IP within the window before 429. */
  loginFailuresPerIp: number;
  /** Password-reset and verification mails per address and per IP within an hour. */
  mailsPerAddressPerHour: number;
  mailsPerIpPerHour: number;
  /** Registrations from one IP per hour. */
  registrationsPerIpPerHour: number;
  /** Signature look-ups from one IP within the window before a CAPTCHA is required. */
  lookupsBeforeCaptcha: number;
  /** Look-ups from one IP within the window before it is blocked until the window ends. */
  lookupsBeforeBlock: number;
  lookupWindowMs: number;
  /** Signatures saved without an account from one IP per hour. */
  anonymousSavesPerIpPerHour: number;
  /** Anonymous sessions (cookies for CSRF tokens and CAPTCHAs) started by one IP per minute. */
  anonymousSessionsPerIpPerMinute: number;
  /** CAPTCHA images drawn for one IP per minute. */
  captchasPerIpPerMinute: number;
  /** Stored document bytes per user unless an admin set the user's own quota (users.storage_quota_bytes). */
  storageQuotaBytes: number;
  /** Document uploads per user, and per IP, within an hour (one account filled 361 MB in 5 s). */
  uploadsPerUserPerHour: number;
  uploadsPerIpPerHour: number;
  /** Signing requests: requests one user sends per hour (each mails up to 20 people). */
  signingRequestsPerUserPerHour: number;
  /** Calls to the recipient endpoints (/api/sign/…) per link, and per IP, within an hour. */
  signingCallsPerTokenPerHour: number;
  signingCallsPerIpPerHour: number;
  /** Identity codes mailed to one recipient per hour. */
  signingCodesPerRecipientPerHour: number;
  /** The owner's resends and reminders to one recipient per hour. */
  signingMailsPerRecipientPerHour: number;
  /** Public API calls one token may make per minute. */
  apiCallsPerTokenPerMinute: number;
  /** Rows of bulk sends one user may start per day (UTC), every template together. */
  bulkRowsPerUserPerDay: number;
  /** Webhooks may post over plain http to a loopback address (a receiver on this machine). */
  webhooksAllowHttpLoopback: boolean;
}

export const defaultLimits = (): SecurityLimits => ({
  sessionIdleMs: INACTIVITY_TIMEOUT_MS,
  sessionAbsoluteMs: SESSION_ABSOLUTE_MS,
  loginWindowMs: 15 * 60 * 1000,
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 20,
  mailsPerAddressPerHour: 5,
  mailsPerIpPerHour: 20,
  registrationsPerIpPerHour: 10,
  lookupsBeforeCaptcha: 30,
  lookupsBeforeBlock: 100,
  lookupWindowMs: 15 * 60 * 1000,
  anonymousSavesPerIpPerHour: 30,
  anonymousSessionsPerIpPerMinute: 60,
  captchasPerIpPerMinute: 30,
  storageQuotaBytes: 500 * 1024 * 1024,
  uploadsPerUserPerHour: 60,
  uploadsPerIpPerHour: 120,
  signingRequestsPerUserPerHour: 30,
  signingCallsPerTokenPerHour: 300,
  signingCallsPerIpPerHour: 600,
  signingCodesPerRecipientPerHour: 5,
  signingMailsPerRecipientPerHour: 5,
  apiCallsPerTokenPerMinute: 600,
  bulkRowsPerUserPerDay: 5000,
  webhooksAllowHttpLoopback: false,
});
