import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

export const setUserRole = ({ id, role }: { id: number; role: 'admin' | 'user' }) =>
  api.patch<PublicUser>(`/api/admin/users/${id}/role`, { role });

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
