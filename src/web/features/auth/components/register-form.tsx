import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { registerFormSchema, type RegisterFormInput } from '#shared/accounts/schemas.ts';
import { PasswordStrengthMeter } from '#web/components/password-strength-meter.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCaptcha } from '#web/features/auth/api/get-captcha.ts';
import { toRegisterRequest, useRegister } from '#web/features/auth/api/register.ts';
import { CaptchaField } from '#web/features/auth/components/captcha-field.tsx';
import { CheckEmail } from '#web/features/auth/components/check-email.tsx';
import { FormError } from '#web/features/auth/components/form-error.tsx';
import { TermsCheckbox } from '#web/features/auth/components/terms-checkbox.tsx';
import { authText } from '#web/features/auth/messages.ts';

export function RegisterForm({ onReturnToLogin }: { onReturnToLogin: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof registerFormSchema>, unknown, RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      agreeToTerms: false,
      securityQuestion: '',
    },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const captcha = useCaptcha('register');
  const registration = useRegister();

  const newChallenge = () => {
    form.resetField('securityQuestion');
    void captcha.refetch();
  };

  const onSubmit = form.handleSubmit((values) =>
    registration.mutate(toRegisterRequest(values), {
      onSuccess: () => setSentTo(values.email),
      onSettled: newChallenge,
    }),
  );

  if (sentTo) return <CheckEmail text={authText.signUpCheckEmailText(sentTo)} onReturn={onReturnToLogin} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{authText.registerIntro}</p>
      <FormError error={registration.error} fallback={m.registerFailedFallback} />
      <FormField label="Username (optional)" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <div className="space-y-2">
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <PasswordStrengthMeter password={password} />
      </div>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Controller
        control={form.control}
        name="agreeToTerms"
        render={({ field }) => (
          <TermsCheckbox
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.agreeToTerms?.message}
          />
        )}
      />
      <CaptchaField
        captcha={captcha}
        registration={form.register('securityQuestion')}
        error={errors.securityQuestion?.message}
        onRefresh={newChallenge}
      />
      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? <Spinner className="size-4" /> : null}
        {authText.registerSubmit}
      </Button>
      <p className="text-center text-xs text-slate-600">
        Read the{' '}
        <Link href="/terms" className="font-medium text-ink-700 underline">
          Terms & Conditions
        </Link>{' '}
        and the{' '}
        <Link href="/privacy" className="font-medium text-ink-700 underline">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
