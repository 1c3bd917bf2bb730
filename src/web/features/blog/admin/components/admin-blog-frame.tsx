import type { ReactNode } from 'react';
import { usePageMeta } from '#web/lib/page-meta.ts';

interface AdminBlogFrameProps {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** An admin blog page inside the admin frame: its one h1, a lead, actions, then the content. */
export function AdminBlogFrame({ title, lead, actions, children }: AdminBlogFrameProps) {
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
