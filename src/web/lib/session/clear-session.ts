import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { userQueryKey } from '#web/lib/session/get-user.ts';

/** Signing in: the returned user becomes the cached current user. */
export function setSessionUser(queryClient: QueryClient, user: PublicUser) {
  queryClient.setQueryData(userQueryKey, user);
}

/**
 * Signing out: every cached answer belonged to the old session, so drop them all; the current user
 * stays cached as null so guards react at once without another request.
 */
export function clearSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(userQueryKey, null);
}
