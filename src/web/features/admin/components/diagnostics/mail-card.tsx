import { PlugZap } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCheckMail } from '#web/features/admin/api/check-mail.ts';
import type { Diagnostics } from '#shared/admin/answers.ts';
import { FactCard } from '#web/features/admin/components/diagnostics/fact-card.tsx';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.diagnostics;

/** Mail status; with actions, a button that asks the SMTP server to accept a connection. */
export function MailCard({ mail, actions }: { mail: Diagnostics['mail']; actions: boolean }) {
  const check = useCheckMail();
  const result = check.data;
  return (
    <FactCard
      label={t.mail}
      value={
        mail.configured ? (
          <Badge tone="success">{t.mailConfigured}</Badge>
        ) : (
          <Badge tone="warning">{t.mailOutbox}</Badge>
        )
      }
    >
      <p>{t.mailSource[mail.source]}</p>
      {actions ? (
        <div className="space-y-2 pt-1">
          <Button variant="secondary" size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <PlugZap aria-hidden="true" className="size-4" />
            )}
            {t.checkMail}
          </Button>
          {result ? (
            <Alert tone={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
              {result.message}
            </Alert>
          ) : null}
          {check.isError ? (
            <Alert tone="error" role="alert">
              {errorText(check.error)}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </FactCard>
  );
}
