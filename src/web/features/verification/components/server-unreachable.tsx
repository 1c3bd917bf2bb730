import { RotateCcw } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatLongDate } from '#web/features/verification/lib/format-date.ts';
import { lastStatus } from '#web/features/verification/lib/last-status.ts';
import { verifyText as t } from '#web/features/verification/messages.ts';

interface ServerUnreachableProps {
  /** The reference asked about; null for a look-up by id or a file's fingerprint, which none is kept for. */
  reference: string | null;
  /** Asks again; without it, the form the question came from is the way to ask again. */
  onRetry?: () => void;
}

/**
 * A look-up that got no answer: not a failure of the signature, so nothing red. What the server
 * last told this device about the reference, with its time, stands in for its answer.
 */
export function ServerUnreachable({ reference, onRetry }: ServerUnreachableProps) {
  const seen = reference ? lastStatus(reference) : null;
  return (
    <div data-testid="server-unreachable" data-status={seen?.state}>
      <Alert tone="info" role="status" title={t.unreachableTitle}>
        {reference ? (
          <p>
            {seen
              ? t.unreachableLastStatus(t.lastStatus[seen.state], formatLongDate(seen.at))
              : t.unreachableNoStatus}
          </p>
        ) : null}
        {onRetry ? (
          <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t.unreachableRetry}
          </Button>
        ) : null}
      </Alert>
    </div>
  );
}
