import { ChevronLeft, ChevronRight } from 'lucide-react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Button } from '#web/components/ui/button.tsx';

interface PageNavProps {
  page: number;
  total: number;
  onPage: (page: number) => void;
  previousLabel: string;
  nextLabel: string;
  testId?: string;
}

/** Previous / "Page n of m" / next, for screens that show one page at a time. */
export function PageNav({ page, total, onPage, previousLabel, nextLabel, testId }: PageNavProps) {
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={previousLabel}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
      </Button>
      <span
        className="min-w-24 text-center text-sm font-medium text-slate-800"
        aria-live="polite"
        data-testid={testId}
      >
        {m.pageOf(page, total)}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={nextLabel}
        disabled={page >= total}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </div>
  );
}
