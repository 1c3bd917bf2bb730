import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { emailSettingsSchema, smtpSecurity } from '#shared/admin/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSaveEmailSettings } from '#web/features/admin/api/save-email-settings.ts';
import type { EmailSettings } from '#shared/admin/answers.ts';
import { ClearSmtpButton } from '#web/features/admin/components/email/clear-smtp-button.tsx';
import { applyServerIssues, errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.email;
type FormIn = z.input<typeof emailSettingsSchema>;
type FormOut = z.output<typeof emailSettingsSchema>;
const FIELDS = ['host', 'port', 'security', 'user', 'password', 'from'];

/** The SMTP settings; the password field is write-only: blank keeps what is stored. */
export function SmtpForm({ settings }: { settings: EmailSettings }) {
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(emailSettingsSchema),
    defaultValues: { ...settings, password: '' },
  });
  const { errors } = form.formState;
  const save = useSaveEmailSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ ...saved, password: '' });
        toast({ title: t.saved, variant: 'success' });
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, FIELDS)) setFailure(errorText(error));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField label={t.host} hint={t.hostHint} error={errors.host?.message}>
          <Input autoComplete="off" {...form.register('host')} />
        </FormField>
        <FormField label={t.port} error={errors.port?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            {...form.register('port', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <FormField label={t.security} error={errors.security?.message}>
        <Select {...form.register('security')}>
          {smtpSecurity.map((s) => (
            <option key={s} value={s}>
              {t.securityOptions[s]}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t.user} hint={t.userHint} error={errors.user?.message}>
          <Input autoComplete="off" {...form.register('user')} />
        </FormField>
        <FormField
          label={t.password}
          hint={settings.passwordSet ? t.passwordKeep : t.passwordNone}
          error={errors.password?.message}
          labelAside={settings.passwordSet ? <Badge tone="success">{t.passwordStored}</Badge> : null}
        >
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
      </div>
      <FormField label={t.from} hint={t.fromHint} error={errors.from?.message}>
        <Input autoComplete="off" {...form.register('from')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          {t.save}
        </Button>
        {settings.source === 'settings' ? <ClearSmtpButton /> : null}
      </div>
    </form>
  );
}
