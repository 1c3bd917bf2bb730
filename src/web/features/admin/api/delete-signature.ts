import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { Message } from '#shared/admin/answers.ts';

export const deleteSignature = (id: number) => api.delete<Message>(`/api/admin/signatures/${id}`);

export function useDeleteSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSignature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
