import { useState } from 'react';
import { useLocation } from 'wouter';
import { accountMessages } from '#shared/accounts/messages.ts';
import { clearSession } from '#web/lib/session/clear-session.ts';
import { dropKeptWork } from '#web/lib/session/kept-work.ts';
import { logout } from '#web/lib/session/logout-request.ts';
import { toast } from '#web/lib/toast.ts';

/**
 * Signing out from the shell (account menu, inactivity warning). It writes the current user, which
 * the shell keeps in its own small store (`get-user.ts`), and the shell does not carry the query
 * client: so this is the one request sent without useMutation.
 */
export function useLogout() {
  const [, navigate] = useLocation();
  const [isPending, setPending] = useState(false);
  const mutate = () => {
    setPending(true);
    logout().then(
      () => {
        setPending(false);
        dropKeptWork();
        clearSession();
        toast({ title: accountMessages.logoutOkTitle, description: accountMessages.loggedOut });
        navigate('/');
      },
      (error: unknown) => {
        setPending(false);
        const description = error instanceof Error ? error.message : String(error);
        toast({ title: accountMessages.logoutFailedTitle, description, variant: 'destructive' });
      },
    );
  };
  return { mutate, isPending };
}
