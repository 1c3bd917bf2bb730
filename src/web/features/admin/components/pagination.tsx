import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText as t } from '#web/features/admin/messages.ts';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What the list holds, for the screen-reader name of the navigation ('users'). */
  label: string;
}

export function Pagination({ page, pageSize, total, onPage, label }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t.common.paginationLabel(label)}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p aria-live="polite">
        {t.common.showing(formatNumber(first), formatNumber(last), formatNumber(total))}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t.common.previous}
        </Button>
        <span className="whitespace-nowrap">{t.common.pageOf(page, pages)}</span>
        <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t.common.next}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
