import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { templatesText as t } from '../messages.ts';

/** The editor's and the use page's frame: the way back, the heading, the page. */
export function TemplateFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Link href="/templates" className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.back}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {title}
      </h1>
      {lead ? <p className="mt-2 max-w-3xl text-slate-700">{lead}</p> : null}
      {children}
    </div>
  );
}

/** What stands in for a template that is not there, or cannot be used. */
export function TemplateProblem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card className="mt-6 p-8 text-center">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mt-2 space-y-3 text-slate-700">{children}</div> : null}
    </Card>
  );
}
