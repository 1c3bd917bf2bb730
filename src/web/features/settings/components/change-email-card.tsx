import { useState, type FormEvent } from 'react';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [sent, setSent] = useState<string | null>(null);
  const change = useChangeEmail();

  const send = (input: { email: string; password?: string; credential?: unknown }) => {
    const parsed = emailChangeSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSent(null);
    change.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setSent(message);
        setPassword('');
      },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ email, password });
  };
  const withPasskey = () =>
    void passkeyProof().then(
      (credential) => send({ email, credential }),
      () => setErrors({ password: t.passkeyFailed }),
    );

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
          <FormField label={t.newEmail} error={errors.email}>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <FormField label={t.passwordLabel} error={errors.password}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? <Spinner className="size-4" /> : null}
              {t.changeEmail}
            </Button>
            {status && status.passkeys.length > 0 ? (
              <Button variant="secondary" onClick={withPasskey} disabled={change.isPending}>
                {t.usePasskeyInstead}
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
