import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { SaveStatus } from '#web/features/settings/components/use-save-status.ts';

interface SettingsFormCardProps {
  title: string;
  intro: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  status: SaveStatus;
  pending: boolean;
  submitLabel: string;
  /** The form's fields. */
  children: ReactNode;
}

/** A settings form in its card: heading, how the last save went, the fields and the save button. */
export function SettingsFormCard({
  title,
  intro,
  onSubmit,
  status,
  pending,
  submitLabel,
  children,
}: SettingsFormCardProps) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="text-sm text-slate-700">{intro}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {status ? (
            <Alert tone={status.tone} role={status.tone === 'error' ? 'alert' : 'status'}>
              {status.text}
            </Alert>
          ) : null}
          {children}
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            {submitLabel}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
