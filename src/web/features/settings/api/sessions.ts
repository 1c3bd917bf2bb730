import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionItem } from '#shared/accounts/security.ts';
import { api } from '#web/lib/api.ts';

export const sessionsKey = ['/api/user/sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api.get<SessionItem[]>('/api/user/sessions', { signal }),
  });
}

export const useRevokeSession = () =>
  useMutation({ mutationFn: (id: string) => api.delete<unknown>(`/api/user/sessions/${id}`) });

export const useRevokeOtherSessions = () =>
  useMutation({ mutationFn: () => api.post<{ revoked: number }>('/api/user/sessions/revoke-others') });
