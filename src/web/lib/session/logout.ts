import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { accountMessages } from '#shared/accounts/messages.ts';
import { ApiError, apiFetch, discardBody, errorMessage, readBody } from '#web/lib/api.ts';
import { clearSession } from '#web/lib/session/clear-session.ts';
import { toast } from '#web/lib/toast.ts';

/** POST /api/logout. The body of a successful answer is not read. */
export async function logout(): Promise<void> {
  const response = await apiFetch('POST', '/api/logout');
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(errorMessage(response, body), response.status, body.json);
  }
  discardBody(response);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearSession(queryClient);
      toast({ title: accountMessages.logoutOkTitle, description: accountMessages.loggedOut });
      navigate('/');
    },
    onError: (error) => {
      toast({ title: accountMessages.logoutFailedTitle, description: error.message, variant: 'destructive' });
    },
  });
}
