import type { ReactNode } from 'react';

/** One headline fact of the server, with smaller lines under it. */
export function FactCard({
  label,
  value,
  children,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-medium text-slate-700">{label}</h2>
      <div className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{value}</div>
      {children ? <div className="mt-2 space-y-1 text-sm text-slate-700">{children}</div> : null}
    </div>
  );
}
