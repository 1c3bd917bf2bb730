import type { ReactNode } from 'react';

/** The document app's pages inside the site: the site header's account menu leads between them. */
export function DashboardShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">{children}</div>;
}
