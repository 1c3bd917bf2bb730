import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { forgotPasswordSchema, type ForgotPasswordInput } from '#shared/accounts/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useForgotPassword } from '#web/features/auth/api/forgot-password.ts';
import { authText } from '#web/features/auth/messages.ts';

function CheckEmail({ email, onReturn }: { email: string; onReturn: () => void }) {
  return (
    <div role="status" className="space-y-4 text-center">
      <MailCheck aria-hidden="true" className="mx-auto size-12 text-ink-700" />
      <h2 className="text-xl font-semibold text-slate-900">{authText.checkEmailTitle}</h2>
      <p className="text-sm text-slate-700">{authText.checkEmailText(email)}</p>
      <Button variant="secondary" className="w-full" onClick={onReturn}>
        {authText.returnToLogin}
      </Button>
    </div>
  );
}

export function ForgotPasswordForm({ onReturnToLogin }: { onReturnToLogin: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const forgot = useForgotPassword();

  if (sentTo) return <CheckEmail email={sentTo} onReturn={onReturnToLogin} />;

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, { onSuccess: () => setSentTo(values.email) }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{authText.forgotIntro}</p>
      {forgot.isError ? (
        <Alert tone="error" role="alert">
          {m.resetEmailFailed}
        </Alert>
      ) : null}
      <FormField label="Email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? <Spinner className="size-4" /> : null}
        {authText.forgotSubmit}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onReturnToLogin}>
        {authText.returnToLogin}
      </Button>
    </form>
  );
}
