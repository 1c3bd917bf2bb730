import { ScrollToTop } from '#web/components/scroll-to-top.tsx';
import { SessionWatcher } from '#web/components/session-watcher.tsx';
import { LazyToaster } from '#web/components/ui/lazy-toaster.tsx';
import { usePageViews } from '#web/lib/analytics.ts';
import { seedSignedOutUser } from '#web/lib/session/get-user.ts';
import { AppRoutes } from '#web/routes.tsx';

seedSignedOutUser();

/**
 * The shell: the current user and the site settings are small stores (`lib/remote.ts`); the query
 * client loads with the pages that use it (routes.tsx), not with the first paint.
 */
export function App() {
  usePageViews();
  return (
    <>
      <ScrollToTop />
      <SessionWatcher />
      <AppRoutes />
      <LazyToaster />
    </>
  );
}
