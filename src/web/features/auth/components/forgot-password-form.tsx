import { useState } from 'react';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { ForgotPasswordInput } from '#shared/accounts/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useForgotPassword } from '#web/features/auth/api/forgot-password.ts';
import { useCaptcha } from '#web/features/auth/api/get-captcha.ts';
import { CaptchaField } from '#web/features/auth/components/captcha-field.tsx';
import { CheckEmail } from '#web/features/auth/components/check-email.tsx';
import { FormError } from '#web/features/auth/components/form-error.tsx';
import { authText } from '#web/features/auth/messages.ts';
import { lazyZodCheck } from '#web/lib/lazy-zod-check.ts';
import { useLightForm } from '#web/lib/light-form.ts';

const checkForgotPassword = lazyZodCheck(() =>
  import('#shared/accounts/schemas.ts').then((s) => s.forgotPasswordSchema),
);

export function ForgotPasswordForm({ onReturnToLogin }: { onReturnToLogin: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useLightForm<{ email: string; captcha: string }, ForgotPasswordInput>({
    check: checkForgotPassword,
    defaultValues: { email: '', captcha: '' },
  });
  const { errors } = form.formState;
  const captcha = useCaptcha('forgot-password');
  const forgot = useForgotPassword();

  // Every check consumes the challenge on the server, so each submit needs a new one.
  const newChallenge = () => {
    form.resetField('captcha');
    void captcha.refetch();
  };

  if (sentTo) return <CheckEmail text={authText.checkEmailText(sentTo)} onReturn={onReturnToLogin} />;

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, { onSuccess: () => setSentTo(values.email), onError: newChallenge }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{authText.forgotIntro}</p>
      <FormError error={forgot.error} fallback={m.resetEmailFailed} />
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <CaptchaField
        captcha={captcha}
        registration={form.register('captcha')}
        error={errors.captcha?.message}
        onRefresh={newChallenge}
      />
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
