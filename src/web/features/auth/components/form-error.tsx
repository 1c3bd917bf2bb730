import { Alert } from '#web/components/ui/alert.tsx';
import { ApiError } from '#web/lib/api.ts';

/** The server's answer to a failed submit, kept on screen after its toast has gone. */
export function FormError({ error, fallback }: { error: Error | null; fallback?: string }) {
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : (fallback ?? error.message);
  return (
    <Alert tone="error" role="alert">
      {message}
    </Alert>
  );
}
