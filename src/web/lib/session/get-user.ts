import { useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import { accountMessages } from '#shared/accounts/messages.ts';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { isAbortError, request } from '#web/lib/api.ts';

export const userQueryKey = ['/api/user'] as const;

/** GET /api/user: the user, or null when signed out (401) or when the request was aborted. */
export async function getUser({ signal }: Pick<QueryFunctionContext, 'signal'>): Promise<PublicUser | null> {
  try {
    return await request<PublicUser | null>('GET', '/api/user', { signal, on401: 'returnNull' });
  } catch (error) {
    if (isAbortError(error)) return null;
    throw new Error(accountMessages.fetchUserFailed, { cause: error });
  }
}

export function useUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: getUser });
}
