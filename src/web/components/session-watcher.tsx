import { lazy, Suspense, type ComponentType } from 'react';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { signedOutAtLoad, useUser } from '#web/lib/session/get-user.ts';

// The inactivity logout (timers, kept work, the warning) only runs for a signed-in user: most
// visitors are signed out, so its code is a chunk of its own.
type Watcher = ComponentType<{ user: PublicUser }>;
let Loaded: Watcher | null = null;
const loadWatcher = reloadingOnMissingChunk(() =>
  import('#web/components/signed-in-watcher.tsx').then((module) => {
    Loaded = module.default;
    return module;
  }),
);
const SignedInWatcher = lazy(loadWatcher);
// With a session cookie the user is probably signed in: fetch the chunk beside GET /api/user.
if (!signedOutAtLoad()) void loadWatcher().catch(() => undefined);

/**
 * Runs the inactivity logout while someone is signed in, and shows its warning. Once its code is
 * here it starts in the same render as the signed-in page, not a suspense round later, so the
 * idle clock starts when the page shows.
 */
export function SessionWatcher() {
  const { data: user } = useUser();
  if (!user) return null;
  if (Loaded) return <Loaded key={user.id} user={user} />;
  return (
    <Suspense fallback={null}>
      <SignedInWatcher key={user.id} user={user} />
    </Suspense>
  );
}
