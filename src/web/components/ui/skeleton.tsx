import type { HTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A grey placeholder block while content loads; decorative, so hidden from screen readers. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />
  );
}
