import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';

/** Revokes any user's API token (audited on the server). */
export function useRevokeApiToken(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/admin/api-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.userApiTokens(userId) }),
  });
}
