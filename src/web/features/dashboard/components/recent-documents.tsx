import { BadgeCheck, ChevronRight, CircleCheck, Clock, FileText, Hourglass } from 'lucide-react';
import { Link } from 'wouter';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { dashboardText as t } from '../messages.ts';

const created = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
};

const badges = {
  signed: {
    Icon: CircleCheck,
    classes: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
    label: t.recentSigned,
  },
  completed: {
    Icon: BadgeCheck,
    classes: 'bg-emerald-50 text-emerald-800 ring-emerald-400',
    label: t.countCompleted,
  },
  awaiting: {
    Icon: Hourglass,
    classes: 'bg-violet-50 text-violet-800 ring-violet-300',
    label: t.countAwaiting,
  },
  pending: { Icon: Clock, classes: 'bg-amber-50 text-amber-900 ring-amber-300', label: t.recentPending },
};

/** In the recent list anything not signed reads Pending; signing requests have their own. */
function RecentBadge({ status }: { status: string }) {
  const { Icon, classes, label } =
    status === 'signed' || status === 'completed' || status === 'awaiting' ? badges[status] : badges.pending;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${classes}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}

/** The 3 most recent documents; each opens its detail page. */
export function RecentDocuments({ docs }: { docs: DocumentSummary[] | null }) {
  return (
    <section
      aria-labelledby="recent-title"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="recent-title" className="text-lg font-semibold text-slate-900">
          {t.recentTitle}
        </h2>
        <Link href="/documents" className="text-sm font-medium text-ink-700 hover:underline">
          {t.viewAll}
        </Link>
      </div>
      {docs === null ? (
        <div className="space-y-3 p-4">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : docs.length === 0 ? (
        <p className="p-4 text-slate-700">{t.recentEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="recent-documents">
          {docs.map((d) => (
            <li key={d.id}>
              <Link
                href={`/documents/${d.id}`}
                className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50"
              >
                <FileText aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{d.name}</span>
                  <span className="block text-sm text-slate-600">{t.createdOn(created(d.createdAt))}</span>
                </span>
                <RecentBadge status={d.status} />
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
