import type { ReactNode } from 'react';
import { DashboardSidebar } from './dashboard-sidebar.tsx';
import { DashboardTopBar } from './dashboard-top-bar.tsx';

/** The document app's frame inside the site: sidebar, top bar, then the page. */
export function DashboardShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 md:grid-cols-[14rem_minmax(0,1fr)]">
      <DashboardSidebar />
      <div className="min-w-0 space-y-8">
        <DashboardTopBar />
        {children}
      </div>
    </div>
  );
}
