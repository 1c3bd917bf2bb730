import { Hammer } from 'lucide-react';
import { usePageMeta } from '#web/lib/page-meta.ts';

/** An admin page whose contents arrive in a later release: its heading and what it will do. */
export function AdminPagePlaceholder({ title, purpose }: { title: string; purpose: string }) {
  usePageMeta({ title: `${title} · Admin` });
  return (
    <div className="max-w-4xl px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 flex items-start gap-2 text-slate-700">
        <Hammer aria-hidden="true" className="mt-1 size-4 shrink-0 text-amber-700" />
        <span>{purpose} This page is being built.</span>
      </p>
    </div>
  );
}
