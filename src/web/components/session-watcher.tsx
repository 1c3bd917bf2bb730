import { lazy, Suspense } from 'react';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { signedOutAtLoad, useUser } from '#web/lib/session/get-user.ts';

// The inactivity logout (timers, kept work, the warning) only runs for a signed-in user: most
// visitors are signed out, so its code is a chunk of its own (issue 15 item 12).
const loadWatcher = reloadingOnMissingChunk(() => import('#web/components/signed-in-watcher.tsx'));
const SignedInWatcher = lazy(loadWatcher);
// With a session cookie the user is probably signed in: fetch the chunk beside GET /api/user.
if (!signedOutAtLoad()) void loadWatcher().catch(() => undefined);

/** Runs the inactivity logout while someone is signed in, and shows its warning. */
export function SessionWatcher() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInWatcher key={user.id} user={user} />
    </Suspense>
  );
}
