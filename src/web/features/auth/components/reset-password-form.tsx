import { checkResetPassword } from '#shared/accounts/form-checks.ts';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { PasswordRequirements } from '#web/components/password-requirements.tsx';
import { PasswordStrengthMeter } from '#web/components/password-strength-meter.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useForm } from '#web/lib/form.ts';
import { toast } from '#web/lib/toast.ts';
import { useResetPassword } from '#web/features/auth/api/reset-password.ts';
import { FormError } from '#web/features/auth/components/form-error.tsx';

interface ResetPasswordFormProps {
  token: string;
  email: string;
  onSuccess: () => void;
}

export function ResetPasswordForm({ token, email, onSuccess }: ResetPasswordFormProps) {
  const form = useForm({ defaultValues: { password: '', confirmPassword: '' }, check: checkResetPassword });
  const { errors } = form.formState;
  const password = form.watch('password');
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
