import { useQuery } from '@tanstack/react-query';
import type { TokenSummary } from '#shared/api/tokens.ts';
import { api } from '#web/lib/api.ts';

export const apiTokensKey = ['/api/user/api-tokens'] as const;

/** Settings > API: the account's tokens, revoked and expired ones included. */
export const useApiTokens = () =>
  useQuery({
    queryKey: apiTokensKey,
    queryFn: ({ signal }) => api.get<TokenSummary[]>('/api/user/api-tokens', { signal }),
  });
