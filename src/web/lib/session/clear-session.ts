import type { PublicUser } from '#shared/accounts/schemas.ts';
import { currentQueryClient } from '#web/lib/query-registry.ts';
import { currentUser } from '#web/lib/session/get-user.ts';

/** Signing in: the returned user becomes the current user. */
export function setSessionUser(user: PublicUser) {
  currentUser.set(user);
}

/**
 * Signing out: every cached answer belonged to the old session, so drop them all; the current user
 * becomes null so guards react at once without another request.
 */
export function clearSession() {
  const queryClient = currentQueryClient();
  if (queryClient) {
    queryClient.removeQueries();
    queryClient.getMutationCache().clear();
  }
  currentUser.set(null);
}
