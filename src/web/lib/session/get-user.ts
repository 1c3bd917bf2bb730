import type { PublicUser } from '#shared/accounts/schemas.ts';
import { SESSION_META } from '#shared/constants.ts';
import { isAbortError, request } from '#web/lib/api.ts';
import { createRemote } from '#web/lib/remote.ts';

/** GET /api/user: the user, or null when signed out (401) or when the request was aborted. */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<PublicUser | null> {
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
 * The current user, for the whole app (header, guards, signed-in pages): one copy, fetched once.
 * A sign-in or sign-out sets it (`clear-session.ts`), a change to the account refreshes it
 * (`refreshUser`).
 */
export const currentUser = createRemote(() => getUser());

/**
 * Called once, when the app starts: the current user starts as null without a request when the
 * page was served to a visitor without a session. Anything later (a login, a refresh) asks the
 * server as usual, since the mark describes the page load, not the present.
 */
export function seedSignedOutUser() {
  if (signedOutAtLoad()) currentUser.set(null);
}

/** After a change to the account (e-mail, two-factor): asks GET /api/user again. */
export const refreshUser = () => currentUser.refresh();

/** The current user; `isPending` until the first answer. */
export function useUser() {
  const { data, status, error } = currentUser.use();
  return { data, isPending: status === 'pending', isError: status === 'error', error };
}
