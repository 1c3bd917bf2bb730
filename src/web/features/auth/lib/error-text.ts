import { withRetryAfter } from '#shared/accounts/messages.ts';
import { ApiError } from '#web/lib/api.ts';

/** The server's message for a failed auth request; a lock-out (429) says how long to wait. */
export function authErrorText(error: Error, fallback?: string): string {
  if (!(error instanceof ApiError)) return fallback ?? error.message;
  const data = error.data as { retryAfter?: unknown } | undefined;
  const retryAfter = typeof data?.retryAfter === 'number' ? data.retryAfter : undefined;
  return error.status === 429 ? withRetryAfter(error.message, retryAfter) : error.message;
}
