import { Alert } from '#web/components/ui/alert.tsx';
import { ApiError } from '#web/lib/api.ts';
import { accountMessages as m } from '#shared/accounts/messages.ts';

/** A failed request's message (the server's, or the generic one), read out when it appears. */
export function ErrorNote({ error, fallback }: { error: Error | null; fallback?: string }) {
  if (!error) return null;
  return (
    <Alert tone="error" role="alert">
      {error instanceof ApiError ? error.message : (fallback ?? m.unexpectedError)}
    </Alert>
  );
}
