import { BadgeCheck, CircleCheck, Clock, Hourglass, Link2, RotateCcw, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import type { StatusCounts as Counts } from '../lib/counts.ts';
import { dashboardText as t } from '../messages.ts';

const items: Array<{ key: keyof Counts; label: string; icon: LucideIcon; tone: string; tab: string }> = [
  {
    key: 'signed',
    label: t.countSigned,
    icon: CircleCheck,
    tone: 'bg-emerald-50 text-emerald-800',
    tab: 'signed',
  },
  { key: 'pending', label: t.countPending, icon: Clock, tone: 'bg-amber-50 text-amber-900', tab: 'pending' },
  { key: 'shared', label: t.countShared, icon: Link2, tone: 'bg-blue-50 text-blue-800', tab: 'shared' },
  {
    key: 'awaiting',
    label: t.countAwaiting,
    icon: Hourglass,
    tone: 'bg-violet-50 text-violet-800',
    tab: 'awaiting',
  },
  {
    key: 'completed',
    label: t.countCompleted,
    icon: BadgeCheck,
    tone: 'bg-emerald-50 text-emerald-800',
    tab: 'completed',
  },
];

interface StatusCountsProps {
  counts: Counts | null;
  error: string | null;
  onRetry: () => void;
}

/** Documents by status: signed, pending, shared, awaiting, completed; each links to its tab of the list. */
export function StatusCounts({ counts, error, onRetry }: StatusCountsProps) {
  return (
    <section aria-labelledby="counts-title">
      <h2 id="counts-title" className="text-lg font-semibold text-slate-900">
        {t.countsTitle}
      </h2>
      {error ? (
        <Alert tone="error" role="alert" title={t.countsFailed} className="mt-3">
          <p>{error}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t.retry}
          </Button>
        </Alert>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {items.map(({ key, label, icon: Icon, tone, tab }) => (
            <div
              key={key}
              className="relative rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
              data-testid={`count-${key}`}
            >
              <dt className="flex flex-col gap-2 text-sm font-medium text-slate-700 sm:flex-row sm:items-center">
                <span className={`grid size-8 place-items-center rounded-lg ${tone}`}>
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <Link
                  href={`/documents?status=${tab}`}
                  className="after:absolute after:inset-0 hover:underline"
                >
                  {label}
                </Link>
              </dt>
              <dd className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">
                {counts ? counts[key] : <Skeleton className="h-9 w-12" />}
                <span className="sr-only"> {t.countHint[key]}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
