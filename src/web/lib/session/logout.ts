import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { accountMessages } from '#shared/accounts/messages.ts';
import { clearSession } from '#web/lib/session/clear-session.ts';
import { dropKeptWork } from '#web/lib/session/kept-work.ts';
import { logout } from '#web/lib/session/logout-request.ts';
import { toast } from '#web/lib/toast.ts';

export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      dropKeptWork();
      clearSession(queryClient);
      toast({ title: accountMessages.logoutOkTitle, description: accountMessages.loggedOut });
      navigate('/');
    },
    onError: (error) => {
      toast({ title: accountMessages.logoutFailedTitle, description: error.message, variant: 'destructive' });
    },
  });
}
