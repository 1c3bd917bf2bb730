import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/** Label/value pairs as a description list, two columns where there is room. */
export function DetailList({ items, className }: { items: Array<[string, ReactNode]>; className?: string }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 sm:grid-cols-2', className)}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
