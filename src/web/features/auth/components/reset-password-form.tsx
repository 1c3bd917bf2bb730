import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { resetPasswordFormSchema } from '#shared/accounts/schemas.ts';
import { PasswordRequirements } from '#web/components/password-requirements.tsx';
import { PasswordStrengthMeter } from '#web/components/password-strength-meter.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { toast } from '#web/lib/toast.ts';
import { useResetPassword } from '#web/features/auth/api/reset-password.ts';
import { FormError } from '#web/features/auth/components/form-error.tsx';

interface ResetPasswordFormProps {
  token: string;
  email: string;
  onSuccess: () => void;
}

export function ResetPasswordForm({ token, email, onSuccess }: ResetPasswordFormProps) {
  const form = useForm<
    z.input<typeof resetPasswordFormSchema>,
    unknown,
    z.output<typeof resetPasswordFormSchema>
  >({
    resolver: lazyZodResolver(() =>
      import('#shared/accounts/schemas.ts').then((s) => s.resetPasswordFormSchema),
    ),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const reset = useResetPassword();

  const onSubmit = form.handleSubmit(({ password: newPassword }) =>
    reset.mutate(
      { token, email, password: newPassword },
      {
        onSuccess: () => {
          toast({ title: m.resetOkTitle, description: m.resetOk, variant: 'success' });
          onSuccess();
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError error={reset.error} fallback={m.resetFailedFallback} />
      <div className="space-y-2">
        <FormField label="New Password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <PasswordStrengthMeter password={password} />
      </div>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <PasswordRequirements password={password} />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? <Spinner className="size-4" /> : null}
        Reset Password
      </Button>
    </form>
  );
}
