import { CalendarDays } from 'lucide-react';
import { formatPostDate } from '#web/features/blog/lib/format.ts';

/** 'MMMM d, yyyy' in a <time>, or 'Publication date unavailable'. */
export function PostDate({ publishedAt }: { publishedAt: string | null }) {
  const text = formatPostDate(publishedAt);
  const valid = publishedAt !== null && !Number.isNaN(Date.parse(publishedAt));
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
      <CalendarDays aria-hidden="true" className="size-4" />
      {valid ? <time dateTime={publishedAt}>{text}</time> : text}
    </span>
  );
}
