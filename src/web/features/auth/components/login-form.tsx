import { lazy, Suspense, useState } from 'react';
import type { SecondFactorMethod } from '#shared/accounts/security.ts';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import type { LoginInput } from '#shared/accounts/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { useCaptcha } from '#web/features/auth/api/get-captcha.ts';
import { needsSecondStep, useLogin, useSignedIn } from '#web/features/auth/api/login.ts';
import { CaptchaField } from '#web/features/auth/components/captcha-field.tsx';
import { FormError } from '#web/features/auth/components/form-error.tsx';
import { PasskeySignIn } from '#web/features/auth/components/passkey-sign-in.tsx';
import { loadSecondStepForm } from '#web/features/auth/components/lazy-second-step.ts';
import { authText } from '#web/features/auth/messages.ts';
import { lazyZodCheck } from '#web/lib/lazy-zod-check.ts';
import { useLightForm } from '#web/lib/light-form.ts';

interface LoginFormProps {
  onSuccess: () => void;
  onForgotPassword: () => void;
  /** A confirmed e-mail-first sign-up: its first log-in sends the link's token and creates the account. */
  signUp?: { token: string; email: string } | null;
}

const SecondStepForm = lazy(loadSecondStepForm);
const checkLogin = lazyZodCheck(() => import('#shared/accounts/schemas.ts').then((s) => s.loginSchema));

export function LoginForm({ onSuccess, onForgotPassword, signUp }: LoginFormProps) {
  const form = useLightForm<{ email: string; password: string; captcha: string }, LoginInput>({
    check: checkLogin,
    defaultValues: { email: signUp?.email ?? '', password: '', captcha: '' },
  });
  const { errors } = form.formState;
  const captcha = useCaptcha('login');
  const login = useLogin();
  const signedIn = useSignedIn();
  // Set when the password was right for an account with two-factor: the second step shows.
  const [secondStep, setSecondStep] = useState<SecondFactorMethod[] | null>(null);

  const newChallenge = () => {
    form.resetField('captcha');
    void captcha.refetch();
  };

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(signUp ? { ...values, signUpToken: signUp.token } : values, {
      onSuccess: (answer) => {
        if (needsSecondStep(answer)) return setSecondStep(answer.methods);
        signedIn(answer);
        onSuccess();
      },
      onSettled: newChallenge,
    }),
  );

  if (secondStep) {
    return (
      <Suspense fallback={<LoadingState />}>
        <SecondStepForm
          methods={secondStep}
          onSignedIn={(user) => {
            signedIn(user);
            onSuccess();
          }}
          onRestart={() => {
            login.reset();
            form.resetField('password');
            setSecondStep(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">{authText.loginIntro}</p>
        <FormError error={login.error} fallback={m.loginFailedFallback} />
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField
          label="Password"
          error={errors.password?.message}
          labelAside={
            <button
              type="button"
              onClick={onForgotPassword}
              className="rounded text-sm font-medium text-ink-700 hover:underline"
            >
              {authText.forgotLink}
            </button>
          }
        >
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <CaptchaField
          captcha={captcha}
          registration={form.register('captcha')}
          error={errors.captcha?.message}
          onRefresh={newChallenge}
        />
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? <Spinner className="size-4" /> : null}
          {authText.loginSubmit}
        </Button>
      </form>
      <PasskeySignIn
        onSignedIn={(user) => {
          signedIn(user);
          onSuccess();
        }}
      />
    </div>
  );
}
