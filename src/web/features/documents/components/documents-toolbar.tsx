import { Search } from 'lucide-react';
import { useId } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { isSort, type Sort } from '../lib/filter.ts';
import { documentsText as t } from '../messages.ts';

const sortLabels: Record<Sort, string> = { newest: m.sortNewest, oldest: m.sortOldest, name: m.sortName };

interface DocumentsToolbarProps {
  search: string;
  sort: Sort;
  onSearch: (value: string) => void;
  onSort: (value: Sort) => void;
}

/** The search box and the sort choice above the grid. */
export function DocumentsToolbar({ search, sort, onSearch, onSort }: DocumentsToolbarProps) {
  const searchId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1.5">
        <Label htmlFor={searchId}>{t.searchLabel}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            value={search}
            placeholder={t.searchPlaceholder}
            className="pl-9"
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
      </div>
      <div className="space-y-1.5 sm:w-48">
        <Label htmlFor={sortId}>{t.sortLabel}</Label>
        <Select
          id={sortId}
          value={sort}
          onChange={(event) => isSort(event.target.value) && onSort(event.target.value)}
        >
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
