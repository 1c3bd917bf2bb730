import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { documentsKey } from './keys.ts';

export const deleteDocument = (id: number) => api.delete<{ message: string }>(`/api/documents/${id}`);

/** DELETE /api/documents/{id}: file, placements and share links go with it; the list refreshes. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
