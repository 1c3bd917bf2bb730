import { useUser } from '#web/lib/session/get-user.ts';
import { useInactivityLogout } from '#web/lib/session/use-inactivity-logout.ts';

/** Runs the inactivity logout while someone is signed in. Renders nothing. */
export function SessionWatcher() {
  const { data: user } = useUser();
  useInactivityLogout(Boolean(user));
  return null;
}
