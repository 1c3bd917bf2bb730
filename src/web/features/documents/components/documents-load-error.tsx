import { RotateCcw } from 'lucide-react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { documentsText as t } from '../messages.ts';

/** The document list could not be loaded: the reason and a Retry button. */
export function DocumentsLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert tone="error" role="alert" title={t.listFailed}>
      <p>{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {m.retry}
      </Button>
    </Alert>
  );
}
