import { zodResolver } from '@hookform/resolvers/zod';
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
import { CheckEmail } from '#web/features/auth/components/check-email.tsx';
import { authText } from '#web/features/auth/messages.ts';

export function ForgotPasswordForm({ onReturnToLogin }: { onReturnToLogin: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const forgot = useForgotPassword();

  if (sentTo) return <CheckEmail text={authText.checkEmailText(sentTo)} onReturn={onReturnToLogin} />;

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
