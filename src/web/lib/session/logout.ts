import { useLocation } from 'wouter';
import { accountMessages } from '#shared/accounts/messages.ts';
import { clearSession } from '#web/lib/session/clear-session.ts';
import { dropKeptWork } from '#web/lib/session/kept-work.ts';
import { logout } from '#web/lib/session/logout-request.ts';
import { toast } from '#web/lib/toast.ts';
import { useAction } from '#web/lib/use-action.ts';

export function useLogout() {
  const [, navigate] = useLocation();
  return useAction({
    action: logout,
    onSuccess: () => {
      dropKeptWork();
      clearSession();
      toast({ title: accountMessages.logoutOkTitle, description: accountMessages.loggedOut });
      navigate('/');
    },
    onError: (error) => {
      toast({ title: accountMessages.logoutFailedTitle, description: error.message, variant: 'destructive' });
    },
  });
}
