import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedToken, CreateTokenInput } from '#shared/api/tokens.ts';
import { api } from '#web/lib/api.ts';
import { apiTokensKey } from './list-api-tokens.ts';

/** Creates a token; the answer holds its secret, the only time the server gives it out. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenInput) => api.post<CreatedToken>('/api/user/api-tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
