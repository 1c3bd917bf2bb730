const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait after each failed attempt of a delivery: quick at first (a receiver restarting), then
 * hours apart. They add up to just over 3 days: a delivery is tried 11 times, and an endpoint
 * that failed for 3 days with no success is switched off (FAILING_LIMIT_MS).
 */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  14 * HOUR,
  14 * HOUR,
  17 * HOUR,
] as const;

/** Attempts a delivery gets in all: the first and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint failing for this long without a success is disabled and its owner mailed. */
export const FAILING_LIMIT_MS = 3 * 24 * HOUR;

/** The wait after the n-th failed attempt (1-based), or null when it was the last. */
export function retryDelay(attempt: number): number | null {
  return attempt >= 1 && attempt <= RETRY_DELAYS_MS.length ? RETRY_DELAYS_MS[attempt - 1]! : null;
}

/** How long an endpoint that failed `failures` times in a row is left alone before its next try. */
export function endpointBackoff(failures: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;
}
