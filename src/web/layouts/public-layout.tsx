import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { InactivityNotice } from '#web/components/inactivity-notice.tsx';
import { PageLoadBoundary } from '#web/components/page-load-boundary.tsx';
import { TwoFactorBanner } from '#web/components/two-factor-banner.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '#web/components/skip-link.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { SiteFooter } from '#web/layouts/site-footer.tsx';
import { SiteHeader } from '#web/layouts/site-header.tsx';

/** Header, main and footer around the public pages; pages load lazily inside main. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <InactivityNotice />
        <TwoFactorBanner />
        <PageLoadBoundary resetKey={location}>
          <Suspense fallback={<LoadingState />}>{children}</Suspense>
        </PageLoadBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
