import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserStatus } from '#shared/admin/answers.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export const setUserStatus = ({ id, disabled }: { id: number; disabled: boolean }) =>
  api.patch<AdminUserStatus>(`/api/admin/users/${id}/status`, { disabled });

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
