import { Tag } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/** A post's tags, as text (they are user input). */
export function TagList({ tags, label, className }: { tags: string[]; label: string; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('flex flex-wrap gap-1.5', className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
        >
          <Tag aria-hidden="true" className="size-3" />
          {tag}
        </li>
      ))}
    </ul>
  );
}
