/**
 * Exponential backoff with "equal jitter": the n-th retry waits between half and all of
 * base·2^(n-1), capped. The random half spreads retries of jobs that failed together (an SMTP
 * outage fails every mail at once) so they do not all come back in the same second.
 */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}
