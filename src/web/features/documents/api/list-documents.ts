import { useQuery } from '@tanstack/react-query';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';
import { documentsKey } from './keys.ts';

export const listDocuments = (signal?: AbortSignal) =>
  api.get<DocumentSummary[]>('/api/documents', { signal });

/** GET /api/documents: the signed-in user's documents, newest first; fresh on every visit. */
export function useDocuments() {
  return useQuery({
    queryKey: documentsKey,
    queryFn: ({ signal }) => listDocuments(signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
