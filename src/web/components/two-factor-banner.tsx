import { lazy, Suspense } from 'react';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { useUser } from '#web/lib/session/get-user.ts';

/** Loaded only for the few users it concerns: every public page's first paint goes without it. */
const Body = lazy(reloadingOnMissingChunk(() => import('#web/components/two-factor-banner-body.tsx')));

/**
 * While the admins' policy asks this user for two-factor sign-in and it is not
 * set up, every page says so, with the way there. It asks; it never locks anyone out.
 */
export function TwoFactorBanner() {
  const { data: user } = useUser();
  if (!user?.twoFactorSetupRequired) return null;
  return (
    <Suspense fallback={null}>
      <Body />
    </Suspense>
  );
}
