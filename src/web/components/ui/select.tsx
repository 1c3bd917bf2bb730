import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A styled native select: keyboard, screen readers and touch pickers work as the platform does. */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'block h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-base text-slate-900 shadow-sm sm:text-sm',
          'focus-visible:border-ink-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ink-600',
          'aria-[invalid=true]:border-red-700 disabled:bg-slate-100',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
      />
    </div>
  );
}
