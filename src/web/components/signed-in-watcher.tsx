import { lazy, Suspense, useEffect } from 'react';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { useInactivityLogout } from '#web/lib/session/use-inactivity-logout.ts';

// Shown only in the last minute of an idle session: its code loads then, not with every page.
const loadWarning = reloadingOnMissingChunk(() => import('#web/components/inactivity-warning.tsx'));
const InactivityWarning = lazy(loadWarning);

/** Runs the inactivity logout while someone is signed in, and shows its warning. */
export default function SignedInWatcher({ user }: { user: PublicUser }) {
  const { logoutAt, stay } = useInactivityLogout(user.id);
  // Fetched while signed in, so the warning can show even if the network is gone by then.
  useEffect(() => {
    const timer = window.setTimeout(() => void loadWarning().catch(() => undefined), 5000);
    return () => window.clearTimeout(timer);
  }, []);
  if (logoutAt === null) return null;
  return (
    <Suspense fallback={null}>
      <InactivityWarning key={logoutAt} logoutAt={logoutAt} onStay={stay} />
    </Suspense>
  );
}
