import { useQuery, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { SESSION_META } from '#shared/constants.ts';
import { isAbortError, request } from '#web/lib/api.ts';

export const userQueryKey = ['/api/user'] as const;

/** GET /api/user: the user, or null when signed out (401) or when the request was aborted. */
export async function getUser({ signal }: Pick<QueryFunctionContext, 'signal'>): Promise<PublicUser | null> {
  try {
    return await request<PublicUser | null>('GET', '/api/user', { signal, on401: 'returnNull' });
  } catch (error) {
    if (isAbortError(error)) return null;
    // Only this rare path needs the account texts; loading them here keeps them off the first page load.
    const { accountMessages } = await import('#shared/accounts/messages.ts');
    throw new Error(accountMessages.fetchUserFailed, { cause: error });
  }
}

/**
 * The server marks the HTML it sends to a request without any session cookie: nobody can be signed
 * in, so asking GET /api/user would only earn a 401 (which browsers log as a console error).
 */
export function signedOutAtLoad(): boolean {
  return (
    document.querySelector(`meta[name="${SESSION_META.name}"]`)?.getAttribute('content') === SESSION_META.none
  );
}

/**
 * Called once, when the app starts: the current user starts as null without a request when the
 * page was served to a visitor without a session. Anything later (a login, an invalidation) asks
 * the server as usual, since the mark describes the page load, not the present.
 */
export function seedSignedOutUser(queryClient: QueryClient) {
  if (signedOutAtLoad()) queryClient.setQueryData(userQueryKey, null);
}

export function useUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: getUser });
}
