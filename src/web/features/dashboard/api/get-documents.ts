import { useQuery } from '@tanstack/react-query';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/documents; the same cache entry as the document list, fresh on every visit. */
export function useDashboardDocuments() {
  return useQuery({
    queryKey: ['/api/documents'],
    queryFn: ({ signal }) => api.get<DocumentSummary[]>('/api/documents', { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
