import { Alert } from '#web/components/ui/alert.tsx';
import { authErrorText } from '#web/features/auth/lib/error-text.ts';

/** The server's answer to a failed submit, kept on screen after its toast has gone. */
export function FormError({ error, fallback }: { error: Error | null; fallback?: string }) {
  if (!error) return null;
  return (
    <Alert tone="error" role="alert">
      {authErrorText(error, fallback)}
    </Alert>
  );
}
