import { useEffect, useRef, useState } from 'react';
import { ApiError } from '#web/lib/api.ts';
import { refreshUser } from '#web/lib/session/get-user.ts';
import { toast } from '#web/lib/toast.ts';
import { confirmEmailChange } from '#web/features/auth/api/confirm-email-change.ts';

/**
 * The link sent to a new e-mail address, spent once (a StrictMode re-run must
 * not send the single-use token twice); the outcome is kept for the page and told in a toast.
 */
export function useEmailChangeLink(token: string | null, onDone: () => void) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const sentFor = useRef<string | null>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    confirmEmailChange(token).then(
      ({ message }) => {
        setResult({ ok: true, message });
        toast({ title: message, variant: 'success' });
        void refreshUser();
        onDoneRef.current();
      },
      (err: unknown) => {
        const message = err instanceof ApiError ? err.message : String(err);
        setResult({ ok: false, message });
        toast({ title: message, variant: 'destructive' });
        onDoneRef.current();
      },
    );
  }, [token]);

  return { confirming: Boolean(token) && result === null, result };
}
