import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailChangeSchema, type TwoFactorStatus } from '#shared/accounts/security.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { api } from '#web/lib/api.ts';
import { useChangeEmail } from '#web/features/settings/api/change-email.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** A passkey assertion standing in for the password. */
async function passkeyProof() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/user/passkeys/confirm-options',
  );
  return startAuthentication({ optionsJSON });
}

/** Settings > Profile: a new address needs the password (or a passkey) and the link sent to it. */
export function ChangeEmailCard({ status }: { status: TwoFactorStatus | undefined }) {
  const form = useForm<z.input<typeof emailChangeSchema>, unknown, z.output<typeof emailChangeSchema>>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const [sent, setSent] = useState<string | null>(null);
  const change = useChangeEmail();

  const send = (input: z.output<typeof emailChangeSchema>) => {
    setSent(null);
    change.mutate(input, {
      onSuccess: ({ message }) => {
        setSent(message);
        form.resetField('password');
      },
    });
  };
  const submit = form.handleSubmit(send);
  // The passkey stands in for the password: only the address is checked before it is asked.
  const withPasskey = async () => {
    if (!(await form.trigger('email'))) return;
    form.clearErrors('password');
    await passkeyProof().then(
      (credential) => {
        const parsed = emailChangeSchema.safeParse({ email: form.getValues('email'), credential });
        if (parsed.success) send(parsed.data);
      },
      () => form.setError('password', { message: t.passkeyFailed }),
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{t.emailHeading}</h2>
        <p className="text-sm text-slate-700">{t.emailIntro}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          {sent ? (
            <Alert tone="success" role="status">
              {sent}
            </Alert>
          ) : null}
          <ErrorNote error={change.error} />
          <FormField label={t.newEmail} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label={t.passwordLabel} error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? <Spinner className="size-4" /> : null}
              {t.changeEmail}
            </Button>
            {status && status.passkeys.length > 0 ? (
              <Button variant="secondary" onClick={() => void withPasskey()} disabled={change.isPending}>
                {t.usePasskeyInstead}
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
