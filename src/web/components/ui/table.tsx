import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Classes for the scrolling wrapper (a size container, so columns can hide by available width). */
  wrapperClassName?: string;
  /**
   * Names the scrolling box and lets the keyboard reach it, for tables that may scroll sideways
   * without holding a link or button to focus (axe: scrollable-region-focusable).
   */
  scrollLabel?: string;
}

/** A data table that scrolls sideways inside its own box when the page is narrow. */
export function Table({ className, wrapperClassName, scrollLabel, ...props }: TableProps) {
  return (
    <div
      role={scrollLabel ? 'region' : undefined}
      aria-label={scrollLabel}
      // a named region the keyboard can reach and scroll
      tabIndex={scrollLabel ? 0 : undefined}
      className={cn(
        '@container w-full overflow-x-auto rounded-xl border border-slate-200 bg-white',
        wrapperClassName,
      )}
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

export function TableCaption({ className, ...props }: HTMLAttributes<HTMLTableCaptionElement>) {
  return <caption className={cn('px-4 py-3 text-left text-sm text-slate-700', className)} {...props} />;
}

export function TableHead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('border-b border-slate-200 bg-slate-50', className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-slate-200', className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('align-top hover:bg-slate-50/60', className)} {...props} />;
}

export function TableHeader({ className, scope = 'col', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn(
        'px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 text-slate-800', className)} {...props} />;
}
