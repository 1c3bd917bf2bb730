import { useQuery } from '@tanstack/react-query';
import type { DocumentDetail } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';
import { documentKey } from './keys.ts';

export const getDocument = (id: number, signal?: AbortSignal) =>
  api.get<DocumentDetail>(`/api/documents/${id}`, { signal });

/** GET /api/documents/{id}; another user's id answers 404 like a missing one. */
export function useDocument(id: number | null) {
  return useQuery({
    queryKey: documentKey(id ?? 0),
    queryFn: ({ signal }) => getDocument(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
