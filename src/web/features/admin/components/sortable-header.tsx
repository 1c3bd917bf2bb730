import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { TableHeader } from '#web/components/ui/table.tsx';
import { cn } from '#web/lib/cn.ts';
import { adminText as t } from '#web/features/admin/messages.ts';

interface SortableHeaderProps<F extends string> {
  field: F;
  label: string;
  sort: F;
  dir: 'asc' | 'desc';
  onSort: (field: F, dir: 'asc' | 'desc') => void;
  className?: string;
}

/** A column header that sorts the list; aria-sort tells screen readers the current order. */
export function SortableHeader<F extends string>({
  field,
  label,
  sort,
  dir,
  onSort,
  className,
}: SortableHeaderProps<F>) {
  const active = sort === field;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  const next = active && dir === 'desc' ? 'asc' : 'desc';
  return (
    <TableHeader
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={className}
    >
      <button
        type="button"
        onClick={() => onSort(field, active ? next : 'desc')}
        className={cn(
          '-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900',
          active && 'text-ink-800',
        )}
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{t.common.sortBy(label)}</span>
      </button>
    </TableHeader>
  );
}
