import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '#shared/accounts/schemas.ts';
import { PasswordStrengthMeter } from '#web/components/password-strength-meter.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { useChangePassword } from '#web/features/settings/api/change-password.ts';
import { describeSettingsError } from '#web/features/settings/api/describe-error.ts';
import { settingsText as t } from '#web/features/settings/messages.ts';

type Status = { tone: 'success' | 'error'; text: string } | null;
const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const form = useForm<z.input<typeof changePasswordFormSchema>, unknown, ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const change = useChangePassword();
  const [status, setStatus] = useState<Status>(null);

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword: next }) => {
    setStatus(null);
    change.mutate(
      { currentPassword, newPassword: next },
      {
        onSuccess: () => {
          form.reset(empty);
          setStatus({ tone: 'success', text: m.passwordChanged });
          toast({ title: m.passwordChanged, variant: 'success' });
        },
        onError: (error) => {
          const described = describeSettingsError(error, {
            fallback: m.changePasswordFailed,
            hint: m.changePasswordFailedHint,
            unexpected: m.changePasswordUnexpected,
          });
          setStatus({ tone: 'error', text: described.inline });
          toast({ ...described.toast, variant: 'destructive' });
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{t.changePasswordHeading}</h2>
        <p className="text-sm text-slate-700">{t.changePasswordIntro}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {status ? (
            <Alert tone={status.tone} role={status.tone === 'error' ? 'alert' : 'status'}>
              {status.text}
            </Alert>
          ) : null}
          <FormField label={t.currentPassword} error={errors.currentPassword?.message}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <div className="space-y-2">
            <FormField label={t.newPassword} error={errors.newPassword?.message}>
              <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
            </FormField>
            <PasswordStrengthMeter password={newPassword} />
          </div>
          <FormField label={t.confirmPassword} error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner className="size-4" /> : null}
            {t.changePassword}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
