import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { documentsKey } from './keys.ts';

export const revokeShare = (id: number) => api.delete<{ message: string }>(`/api/documents/${id}/share`);

/** DELETE /api/documents/{id}/share: every live link of the document stops working. */
export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
