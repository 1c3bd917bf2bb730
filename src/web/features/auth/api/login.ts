import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { LoginInput, PublicUser } from '#shared/accounts/schemas.ts';
import { api, ApiError } from '#web/lib/api.ts';
import { setSessionUser } from '#web/lib/session/clear-session.ts';
import { showInactivityNotice } from '#web/lib/session/inactivity-notice.ts';
import { toast } from '#web/lib/toast.ts';

export const login = (input: LoginInput) => api.post<PublicUser>('/api/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      toast({ title: m.loginOkTitle, description: m.loginOkText, variant: 'success' });
      showInactivityNotice();
    },
    onError: (error) => {
      const description = error instanceof ApiError ? error.message : m.loginFailedFallback;
      toast({ title: m.loginFailedTitle, description, variant: 'destructive' });
    },
  });
}
