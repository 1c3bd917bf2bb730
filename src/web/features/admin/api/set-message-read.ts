import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export const setMessageRead = ({ id, read }: { id: number; read: boolean }) =>
  api.patch<{ read: boolean }>(`/api/admin/support-messages/${id}`, { read });

export function useSetMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.supportMessages }),
  });
}
