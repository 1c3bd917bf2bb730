import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StorageQuotaInput } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { AdminStorage } from '#shared/admin/answers.ts';

export const setUserStorageQuota = ({ id, quotaMb }: StorageQuotaInput & { id: number }) =>
  api.patch<AdminStorage>(`/api/admin/users/${id}/storage-quota`, { quotaMb });

export function useSetUserStorageQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStorageQuota,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
