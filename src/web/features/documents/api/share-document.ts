import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareResponse } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';
import { documentsKey } from './keys.ts';

export const shareDocument = (id: number) => api.post<ShareResponse>(`/api/documents/${id}/share`);

/** POST /api/documents/{id}/share: a new public link (shown once: the server keeps only its hash). */
export function useShareDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
