import type { ReactNode } from 'react';

/** The one h1 of a page, with an optional lead paragraph. */
export function PageHeading({
  title,
  lead,
  eyebrow,
}: {
  title: ReactNode;
  lead?: ReactNode;
  eyebrow?: ReactNode;
}) {
  return (
    <div className="space-y-2">
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-ink-700 uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {lead ? <p className="max-w-2xl text-lg text-slate-700">{lead}</p> : null}
    </div>
  );
}
