import { useQuery } from '@tanstack/react-query';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/signatures, only when the signed-in user's address is the recipient's (same cache as My Signatures). */
export function useSavedSignatures(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/signatures'],
    queryFn: ({ signal }) => api.get<OwnSignature[]>('/api/signatures', { signal }),
    enabled,
    staleTime: 0,
  });
}
