import { useQuery } from '@tanstack/react-query';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api, ApiError } from '#web/lib/api.ts';

export const signaturesQueryKey = ['/api/signatures'] as const;

export const getSignatures = (signal?: AbortSignal) => api.get<OwnSignature[]>('/api/signatures', { signal });

/** Retried up to 3 times, except when the server says the user is signed out (401). */
export const retrySignatures = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status === 401) && failureCount < 3;

/** The signed-in user's signatures; fetched only when someone is signed in. */
export function useSignatures(signedIn: boolean) {
  return useQuery({
    queryKey: signaturesQueryKey,
    queryFn: ({ signal }) => getSignatures(signal),
    enabled: signedIn,
    retry: retrySignatures,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
