import type { TextareaHTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        'block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm',
        'placeholder:text-slate-500 focus-visible:border-ink-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ink-600',
        'aria-[invalid=true]:border-red-700 disabled:bg-slate-100',
        className,
      )}
      {...props}
    />
  );
}
