import { useQuery } from '@tanstack/react-query';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/signatures/:id: one of the signed-in user's signatures (404 when absent or not theirs). */
export function useOwnSignature(id: number | null) {
  return useQuery({
    queryKey: ['/api/signatures', id],
    queryFn: ({ signal }) => api.get<OwnSignature>(`/api/signatures/${id}`, { signal }),
    enabled: id !== null,
    // Opened to be edited: always the stored version, never an earlier copy.
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}
