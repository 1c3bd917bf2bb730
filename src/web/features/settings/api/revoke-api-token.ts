import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { apiTokensKey } from './list-api-tokens.ts';

/** Revokes one of the account's tokens: calls with it are refused from then on. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/user/api-tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
