import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { webhooksText as t } from '#web/features/settings/messages.ts';

/** A new signing secret, shown once: after this the server only keeps it sealed. */
export function SecretNotice({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert tone="success" role="status">
      <p className="font-medium">{t.secretHeading}</p>
      <p className="text-sm">{t.secretOnce}</p>
      <code
        data-testid="webhook-secret"
        className="mt-2 block rounded bg-white px-2 py-1 font-mono text-sm break-all text-slate-900"
      >
        {secret}
      </code>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t.copied : t.copy}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          {t.dismissSecret}
        </Button>
      </div>
    </Alert>
  );
}
