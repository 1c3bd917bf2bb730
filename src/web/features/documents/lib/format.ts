import { signatureMessages as sm } from '#shared/signatures/messages.ts';

function parse(value: string | null | undefined): Date | string {
  if (!value) return sm.notAvailable;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? sm.invalidDate : date;
}

/** A card's date in the reader's locale; 'N/A' when empty and 'Invalid Date' when unparseable. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return typeof date === 'string' ? date : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** The detail card's 'Created': a long US date, e.g. "April 14, 2025". */
export function formatLongUsDate(value: string | null | undefined): string {
  const date = parse(value);
  return typeof date === 'string' ? date : date.toLocaleDateString('en-US', { dateStyle: 'long' });
}

/** Date and time in the reader's locale, for signing times. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return typeof date === 'string'
    ? date
    : date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
