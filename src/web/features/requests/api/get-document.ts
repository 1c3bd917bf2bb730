import { useQuery } from '@tanstack/react-query';
import type { DocumentDetail } from '#shared/documents/schemas.ts';

/** GET /api/documents/{id} through the shared cache entry of the document (its key is its path). */
export function useRequestDocument(id: number | null) {
  return useQuery<DocumentDetail>({
    queryKey: ['/api/documents', id ?? 0],
    enabled: id !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
