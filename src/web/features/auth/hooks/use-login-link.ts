import { useEffect, useRef, useState } from 'react';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { ApiError } from '#web/lib/api.ts';
import { setSessionUser } from '#web/lib/session/clear-session.ts';
import { showInactivityNotice } from '#web/lib/session/inactivity-notice.ts';
import { toast } from '#web/lib/toast.ts';
import type { SecondFactorMethod } from '#shared/accounts/security.ts';
import { needsSecondStep } from '#web/features/auth/api/login.ts';
import { loginWithLink } from '#web/features/auth/api/login-with-link.ts';
import { authText } from '#web/features/auth/messages.ts';

export interface LoginLinkParams {
  token: string;
  email: string;
}

export function readLoginLink(params: URLSearchParams): LoginLinkParams | null {
  const token = params.get('token');
  const email = params.get('email');
  return params.get('signin') === 'link' && token && email ? { token, email } : null;
}

/**
 * Spends a mailed one-time sign-in link once (a StrictMode re-run must not send the single-use
 * token twice). Success makes the user current, as a log-in does; a refusal is kept for the page.
 */
export function useLoginLink(params: LoginLinkParams | null, onFailed: () => void) {
  /** null while the link is being spent; then 'ok' or the refusal's message. */
  const [outcome, setOutcome] = useState<string | null>(null);
  /** The link was right for an account with two-factor: the second step follows. */
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);
  const sentFor = useRef<string | null>(null);
  const onFailedRef = useRef(onFailed);
  useEffect(() => {
    onFailedRef.current = onFailed;
  });

  const token = params?.token;
  const email = params?.email;
  useEffect(() => {
    if (!token || !email || sentFor.current === token) return;
    sentFor.current = token;
    loginWithLink({ token, email }).then(
      (user) => {
        if (needsSecondStep(user)) {
          setSecondStep(user.methods);
          setOutcome('ok');
          return;
        }
        setSessionUser(user);
        toast({ title: m.loginOkTitle, description: m.loginOkText, variant: 'success' });
        showInactivityNotice();
        setOutcome('ok');
      },
      (err: unknown) => {
        const message = err instanceof ApiError ? err.message : m.loginLinkInvalid;
        toast({ title: authText.loginLinkFailedTitle, description: message, variant: 'destructive' });
        setOutcome(message);
        onFailedRef.current();
      },
    );
  }, [token, email]);

  return {
    error: outcome === null || outcome === 'ok' ? null : outcome,
    signingIn: Boolean(token && email) && outcome === null,
    signedIn: outcome === 'ok',
    secondStep,
    clearSecondStep: () => setSecondStep(null),
  };
}
