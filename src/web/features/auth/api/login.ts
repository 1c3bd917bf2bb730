import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { LoginInput, PublicUser } from '#shared/accounts/schemas.ts';
import type { TwoFactorRequired } from '#shared/accounts/security.ts';
import { api } from '#web/lib/api.ts';
import { useAction } from '#web/lib/light-request.ts';
import { authErrorText } from '#web/features/auth/lib/error-text.ts';
import { setSessionUser } from '#web/lib/session/clear-session.ts';
import { showInactivityNotice } from '#web/lib/session/inactivity-notice.ts';
import { toast } from '#web/lib/toast.ts';

export type LoginAnswer = PublicUser | TwoFactorRequired;

export const needsSecondStep = (answer: LoginAnswer): answer is TwoFactorRequired =>
  'twoFactorRequired' in answer && answer.twoFactorRequired;

export const login = (input: LoginInput) => api.post<LoginAnswer>('/api/login', input);

/** A completed sign-in (password alone, or after the second step): the user becomes current. */
export function useSignedIn() {
  return (user: PublicUser) => {
    setSessionUser(user);
    toast({ title: m.loginOkTitle, description: m.loginOkText, variant: 'success' });
    showInactivityNotice();
  };
}

/**
 * The password step. A completed sign-in is made current by the form (`useSignedIn`), in the same
 * callback that leads on, so the page never renders a signed-in user it has not yet sent on.
 */
export function useLogin() {
  return useAction(login, {
    onError: (error) => {
      const description = authErrorText(error, m.loginFailedFallback);
      toast({ title: m.loginFailedTitle, description, variant: 'destructive' });
    },
  });
}
