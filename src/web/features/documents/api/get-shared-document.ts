import { useQuery } from '@tanstack/react-query';
import type { SharedDocument } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';

export const getSharedDocument = (token: string, signal?: AbortSignal) =>
  api.get<SharedDocument>(`/api/shared/${encodeURIComponent(token)}`, { signal });

/** GET /api/shared/{token}: what anyone holding the link may see; 404 once revoked or expired. */
export function useSharedDocument(token: string) {
  return useQuery({
    queryKey: ['/api/shared', token],
    queryFn: ({ signal }) => getSharedDocument(token, signal),
    staleTime: 0,
  });
}
