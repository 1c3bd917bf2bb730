import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { totpDisableSchema } from '#shared/accounts/security.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useDisableTotp } from '#web/features/settings/api/two-factor.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** Turning the app off takes the password and a current code. */
export function TotpDisableForm({ onDone }: { onDone: () => void }) {
  const form = useForm<z.input<typeof totpDisableSchema>, unknown, z.output<typeof totpDisableSchema>>({
    resolver: zodResolver(totpDisableSchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const disable = useDisableTotp();

  const submit = form.handleSubmit((values) => disable.mutate(values, { onSuccess: onDone }));

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{t.disableHeading}</h3>
      <p className="text-sm text-slate-700">{t.disableIntro}</p>
      <ErrorNote error={disable.error} />
      <FormField label={t.passwordLabel} error={errors.password?.message}>
        <PasswordInput {...form.register('password')} autoComplete="current-password" />
      </FormField>
      <FormField label={t.codeLabel} error={errors.code?.message}>
        <Input
          {...form.register('code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          className="max-w-40"
        />
      </FormField>
      <Button type="submit" variant="destructive" disabled={disable.isPending}>
        {disable.isPending ? <Spinner className="size-4" /> : null}
        {t.turnOff}
      </Button>
    </form>
  );
}
