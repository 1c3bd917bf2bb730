import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { InactivityNotice } from '#web/components/inactivity-notice.tsx';
import { PageLoadBoundary } from '#web/components/page-load-boundary.tsx';
import { TwoFactorBanner } from '#web/components/two-factor-banner.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#web/components/skip-link.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { AdminSidebar } from '#web/layouts/admin-sidebar.tsx';
import { SiteHeader } from '#web/layouts/site-header.tsx';

/** The admin frame: site header, the resizable admin menu, and the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader />
      <div className="flex flex-1 flex-col md:flex-row">
        <AdminSidebar />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <InactivityNotice />
          <TwoFactorBanner />
          <PageLoadBoundary resetKey={location}>
            <Suspense fallback={<LoadingState />}>{children}</Suspense>
          </PageLoadBoundary>
        </main>
      </div>
    </div>
  );
}
