import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { totpConfirmSchema, type TotpSetup as Setup } from '#shared/accounts/security.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useConfirmTotp } from '#web/features/settings/api/two-factor.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { TotpQr } from '#web/features/settings/components/totp-qr.tsx';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** Scan (or type the key), then confirm with a current code: the answer is the recovery codes. */
export function TotpSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: Setup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useForm<z.input<typeof totpConfirmSchema>, unknown, z.output<typeof totpConfirmSchema>>({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { code: '' },
  });
  const invalid = form.formState.errors.code?.message;
  const confirm = useConfirmTotp();
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;

  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, { onSuccess: (r) => onConfirmed(r.recoveryCodes) }),
  );

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-800">{t.scanStep}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <TotpQr uri={setup.otpauthUrl} />
        <div className="space-y-1">
          <p className="text-sm text-slate-700">{t.secretLabel}</p>
          <code
            data-testid="totp-secret"
            data-secret={setup.secret}
            className="block font-mono text-base break-all text-slate-900"
          >
            {grouped}
          </code>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-800">{t.confirmStep}</p>
        <ErrorNote error={confirm.error} />
        <FormField label={t.codeLabel} error={invalid}>
          <Input
            {...form.register('code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            className="max-w-40"
          />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? <Spinner className="size-4" /> : null}
            {t.confirm}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}
