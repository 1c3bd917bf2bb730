import { signatureMessages as m } from '#shared/signatures/messages.ts';

type Style = 'medium' | 'long';

/** Local date (with time for 'long'); 'N/A' when empty and 'Invalid Date' when unparseable. */
export function formatDate(value: string | null | undefined, style: Style = 'medium'): string {
  if (!value) return m.notAvailable;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return m.invalidDate;
  return style === 'long'
    ? date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })
    : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}
