import { useQuery } from '@tanstack/react-query';
import type { AdminTokenSummary } from '#shared/api/tokens.ts';
import { api } from '#web/lib/api.ts';
import { adminKeys, fresh } from '#web/features/admin/api/keys.ts';

/** One user's API tokens, revoked and expired ones included. */
export const useUserApiTokens = (userId: number) =>
  useQuery({
    queryKey: adminKeys.userApiTokens(userId),
    queryFn: ({ signal }) =>
      api.get<AdminTokenSummary[]>('/api/admin/api-tokens', { query: { userId }, signal }),
    ...fresh,
  });
