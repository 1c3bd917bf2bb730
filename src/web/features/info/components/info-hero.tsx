import type { ReactNode } from 'react';
import { PageHeading } from '#web/components/page-heading.tsx';

/** The top band of an information page, holding its one h1. */
export function InfoHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-ink-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        <PageHeading eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </div>
    </div>
  );
}
