/** Business constants of the spec, shared by browser and server. */
export const INACTIVITY_TIMEOUT_MS = 15 * 60 * 1000;
export const INACTIVITY_CHECK_INTERVAL_MS = 60 * 1000;
export const INACTIVITY_NOTICE_MS = 10 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

export const CAPTCHA_LENGTH = 6;
export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 60;
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** Verification CAPTCHA alphabet: no look-alikes (I, O, l, 0, 1). */
export const CAPTCHA_SAFE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const CAPTCHA_AUTH_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const LOGIN_PASSWORD_MIN = 6;

export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'inkproof_session';
/** In the HTML the server sends to a request without a session cookie: nobody is signed in. */
export const SESSION_META = { name: 'inkproof-session', none: 'none' } as const;
/**
 * The server's idle timeout in seconds, on the answers that start or keep a session (GET /api/user,
 * log-in, keepalive): an admin may change it, and the browser must count what the server enforces.
 */
export const SESSION_TIMEOUT_HEADER = 'x-session-timeout';
/** The `code` of a 401 because nobody is signed in (or the session ended), as 'csrf' marks a 403. */
export const SIGNED_OUT_CODE = 'signed-out';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const SIDEBAR_SIZES = ['small', 'medium', 'large'] as const;
export type SidebarSize = (typeof SIDEBAR_SIZES)[number];
export const SIDEBAR_STORAGE_KEY = 'admin_sidebar_size';

/** The spec names four blocked disposable domains without naming them; these are the common four. */
export const DISPOSABLE_EMAIL_DOMAINS = [
  'mailinator.com',
  'tempmail.com',
  '10minutemail.com',
  'guerrillamail.com',
] as const;
