import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { PublicUser, RegisterFormInput, RegisterRequest } from '#shared/accounts/schemas.ts';
import { api, ApiError } from '#web/lib/api.ts';
import { setSessionUser } from '#web/lib/session/clear-session.ts';
import { showInactivityNotice } from '#web/lib/session/inactivity-notice.ts';
import { toast } from '#web/lib/toast.ts';

/** The request leaves out confirmPassword, and the username when it is empty. */
export function toRegisterRequest(values: RegisterFormInput): RegisterRequest {
  const { username, email, password, securityQuestion } = values;
  return { ...(username ? { username } : {}), email, password, agreeToTerms: true, securityQuestion };
}

export const register = (input: RegisterRequest) => api.post<PublicUser>('/api/register', input);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      toast({ title: m.registerOkTitle, description: m.registerOkText, variant: 'success' });
      showInactivityNotice();
    },
    onError: (error) => {
      const description = error instanceof ApiError ? error.message : m.registerFailedFallback;
      toast({ title: m.registerFailedTitle, description, variant: 'destructive' });
    },
  });
}
