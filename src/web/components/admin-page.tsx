import type { ReactNode } from 'react';
import { usePageMeta } from '#web/lib/page-meta.ts';

interface AdminPageProps {
  title: string;
  lead?: ReactNode;
  /** Buttons or links beside the heading (refresh, export, a link to a related page). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin page: its one h1, a lead sentence, page actions, then the content. */
export function AdminPage({ title, lead, actions, children }: AdminPageProps) {
  usePageMeta({ title: `${title} · Admin` });
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {lead ? <p className="max-w-3xl text-slate-700">{lead}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A titled block of a page (h2), optionally with actions on the right. */
export function Section({
  title,
  description,
  actions,
  children,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-0.5">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-700">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
