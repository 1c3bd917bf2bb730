import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatNumber } from '#web/features/admin/lib/format.ts';

interface StatCardProps {
  label: string;
  value: number;
  icon: LucideIcon;
  /** Smaller facts under the figure: a trend, a breakdown. */
  children?: ReactNode;
}

export function StatCard({ label, value, icon: Icon, children }: StatCardProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-sm font-medium text-slate-700">
          {label}
        </h2>
        <span className="grid size-9 place-items-center rounded-lg bg-ink-50 text-ink-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{formatNumber(value)}</p>
      {children ? <div className="mt-2 space-y-0.5 text-sm text-slate-700">{children}</div> : null}
    </section>
  );
}
