import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TotpSetup, TwoFactorStatus } from '#shared/accounts/security.ts';
import { api } from '#web/lib/api.ts';
import { refreshUser } from '#web/lib/session/get-user.ts';

export const twoFactorKey = ['/api/user/2fa'] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('/api/user/2fa', { signal }),
  });
}

/** After a change: the status, the sessions (others may have ended) and the banner's user. */
export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKey }),
      queryClient.invalidateQueries({ queryKey: ['/api/user/sessions'] }),
      refreshUser(),
    ]);
}

export const useStartTotp = () =>
  useMutation({ mutationFn: () => api.post<TotpSetup>('/api/user/2fa/totp/setup') });

export const useConfirmTotp = () =>
  useMutation({
    mutationFn: (code: string) =>
      api.post<{ recoveryCodes: string[] }>('/api/user/2fa/totp/confirm', { code }),
  });

export const useDisableTotp = () =>
  useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<unknown>('/api/user/2fa/totp/disable', input),
  });

export const useNewRecoveryCodes = () =>
  useMutation({
    mutationFn: (password: string) =>
      api.post<{ recoveryCodes: string[] }>('/api/user/2fa/recovery-codes', { password }),
  });
