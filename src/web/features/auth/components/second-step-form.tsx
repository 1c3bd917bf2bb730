import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { recoveryCodeSchema, totpCodeSchema, type SecondFactorMethod } from '#shared/accounts/security.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePasskeyLogin } from '#web/features/auth/api/passkey-login.ts';
import { useSecondStep } from '#web/features/auth/api/second-step.ts';
import { FormError } from '#web/features/auth/components/form-error.tsx';
import { authText } from '#web/features/auth/messages.ts';

const codeForm = z.object({ code: totpCodeSchema });
const recoveryForm = z.object({ code: recoveryCodeSchema });

interface SecondStepFormProps {
  methods: SecondFactorMethod[];
  onSignedIn: (user: PublicUser) => void;
  /** The pending login ended (expired, too many wrong codes) or the user wants to start over. */
  onRestart: () => void;
}

/** The second sign-in step: a code from the app, a recovery code, or a passkey. */
export function SecondStepForm({ methods, onSignedIn, onRestart }: SecondStepFormProps) {
  const hasCode = methods.includes('totp');
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const recovery = mode === 'recovery';
  const form = useForm<{ code: string }, unknown, { code: string }>({
    resolver: zodResolver(recovery ? recoveryForm : codeForm),
    defaultValues: { code: '' },
  });
  const step = useSecondStep();
  const passkey = usePasskeyLogin();
  const error = step.error ?? passkey.error;
  const ended =
    error instanceof ApiError &&
    error.status === 401 &&
    !!(error.data as { pendingLogin?: string })?.pendingLogin;

  const onSubmit = form.handleSubmit(({ code }) =>
    step.mutate(recovery ? { recoveryCode: code } : { code }, { onSuccess: onSignedIn }),
  );
  // The step replaces the form the user just sent: move focus to its heading, so it is announced.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const switchMode = () => {
    form.reset({ code: '' });
    step.reset();
    setMode(recovery ? 'code' : 'recovery');
  };

  return (
    <div className="space-y-4">
      <div>
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {authText.secondStepTitle}
        </h2>
        <p className="text-sm text-slate-700">{authText.secondStepIntro}</p>
      </div>
      <FormError
        error={error instanceof ApiError ? error : error ? new Error(authText.passkeyCancelled) : null}
      />
      {ended ? (
        <Button type="button" className="w-full" onClick={onRestart}>
          {authText.backToLogin}
        </Button>
      ) : null}
      {hasCode && !ended ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            key={mode}
            label={recovery ? authText.recoveryLabel : authText.codeLabel}
            hint={recovery ? authText.recoveryHint : authText.codeHint}
            error={form.formState.errors.code?.message}
          >
            <Input
              autoComplete={recovery ? 'off' : 'one-time-code'}
              inputMode={recovery ? 'text' : 'numeric'}
              spellCheck={false}
              {...form.register('code')}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={step.isPending}>
            {step.isPending ? <Spinner className="size-4" /> : null}
            {authText.verifySubmit}
          </Button>
          <button
            type="button"
            onClick={switchMode}
            className="rounded text-sm font-medium text-ink-700 hover:underline"
          >
            {recovery ? authText.useCode : authText.useRecovery}
          </button>
        </form>
      ) : null}
      {methods.includes('passkey') && !ended ? (
        <Button
          type="button"
          variant={hasCode ? 'secondary' : 'primary'}
          size="lg"
          className="w-full"
          disabled={passkey.isPending}
          onClick={() => passkey.mutate(undefined, { onSuccess: onSignedIn })}
        >
          {passkey.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <KeyRound aria-hidden="true" className="size-4" />
          )}
          {authText.usePasskey}
        </Button>
      ) : null}
      {!ended ? (
        <button
          type="button"
          onClick={onRestart}
          className="block rounded text-sm text-slate-700 hover:underline"
        >
          {authText.backToLogin}
        </button>
      ) : null}
    </div>
  );
}
