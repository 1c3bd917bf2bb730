import { REQUEST_MAX_EXPIRY_DAYS } from '#shared/requests/schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const addDays = (now: number, days: number) => isoDay(new Date(now + days * DAY_MS));

/**
 * The moment the links stop: the end of the chosen day, but never more than 365 days from now
 * (the server's limit), so picking the last day the date input offers is always accepted.
 */
export function expiryInstant(day: string, now = Date.now()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 0).getTime();
  if (!Number.isFinite(end)) return null;
  return Math.min(end, now + REQUEST_MAX_EXPIRY_DAYS * DAY_MS);
}
