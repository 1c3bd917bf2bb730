import { signatureMessages as m } from '#shared/signatures/messages.ts';

/** Display rule: local long format, 'N/A' when empty, 'Invalid Date' when unparseable. */
export function formatLongDate(value: string | number | null | undefined): string {
  if (!value) return m.notAvailable;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return m.invalidDate;
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}
