import { useEffect, useRef, useState } from 'react';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { currentUser } from '#web/lib/session/get-user.ts';
import { toast } from '#web/lib/toast.ts';
import { verifyEmail, type VerifyEmailResult } from '#web/features/auth/api/verify-email.ts';
import { authText } from '#web/features/auth/messages.ts';

export interface VerificationParams {
  token: string;
  email: string;
}

interface Handlers {
  /** Called once with the result and whether someone is signed in, after the toast. */
  onDone: (result: VerifyEmailResult, signedIn: boolean) => void;
}

/**
 * Runs GET /api/verify-email once for the link's token (a token is single use, so a StrictMode
 * re-run must not send it twice) and shows the result as a toast.
 */
export function useEmailVerification(params: VerificationParams | null, { onDone }: Handlers) {
  const [result, setResult] = useState<VerifyEmailResult | null>(null);
  const sentFor = useRef<string | null>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  const token = params?.token;
  const email = params?.email;
  useEffect(() => {
    if (!token || !email || sentFor.current === token) return;
    sentFor.current = token;
    void (async () => {
      const outcome = await verifyEmail(token, email);
      const user = await currentUser.ensure().catch(() => null);
      setResult(outcome);
      toast(
        outcome.ok
          ? { title: authText.verifyOkTitle, description: outcome.message, variant: 'success' }
          : { title: m.verifyErrorTitle, description: outcome.message, variant: 'destructive' },
      );
      onDoneRef.current(outcome, Boolean(user));
    })();
  }, [token, email]);

  return { result, verifying: Boolean(token && email) && result === null };
}
