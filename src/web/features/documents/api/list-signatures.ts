import { useQuery } from '@tanstack/react-query';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api, ApiError } from '#web/lib/api.ts';

/** Same key as My Signatures, so both screens share one cached list. */
export const signaturesKey = ['/api/signatures'] as const;

/** GET /api/signatures; retried up to 3 times except after a 401. */
export function useSavedSignatures() {
  return useQuery({
    queryKey: signaturesKey,
    queryFn: ({ signal }) => api.get<OwnSignature[]>('/api/signatures', { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 3,
    staleTime: 0,
    refetchOnMount: 'always',
    // A signature typed in the creator (opened from the signing panel in another tab) shows up on return.
    refetchOnWindowFocus: true,
  });
}
