import { useQuery } from '@tanstack/react-query';
import type { CurrentRequestResponse } from '#shared/requests/schemas.ts';
import { api } from '#web/lib/api.ts';

export const currentRequestKey = (documentId: number) =>
  ['/api/documents', documentId, 'requests', 'current'] as const;

/** GET /api/documents/{id}/requests/current: the latest signing request of the document, or null. */
export function useCurrentRequest(documentId: number) {
  return useQuery({
    queryKey: currentRequestKey(documentId),
    queryFn: ({ signal }) =>
      api.get<CurrentRequestResponse>(`/api/documents/${documentId}/requests/current`, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
