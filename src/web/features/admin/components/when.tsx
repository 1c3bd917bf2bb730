import { formatDate, formatTime } from '#web/features/admin/lib/format.ts';
import { adminText as t } from '#web/features/admin/messages.ts';

/** A timestamp in table cells: the date, and the time beneath it, so narrow columns stay narrow. */
export function When({ value, empty = t.common.none }: { value: string | null | undefined; empty?: string }) {
  if (!value) return <span className="text-slate-600">{empty}</span>;
  return (
    <time dateTime={value} className="block whitespace-nowrap">
      {formatDate(value)}
      <span className="block text-xs text-slate-600">{formatTime(value)}</span>
    </time>
  );
}
