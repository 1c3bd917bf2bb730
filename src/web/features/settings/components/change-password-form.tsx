import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '#shared/accounts/schemas.ts';
import { PasswordStrengthMeter } from '#web/components/password-strength-meter.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { useChangePassword } from '#web/features/settings/api/change-password.ts';
import { settingsText as t } from '#web/features/settings/messages.ts';
import { SettingsFormCard } from '#web/features/settings/components/settings-form-card.tsx';
import { useSaveStatus } from '#web/features/settings/components/use-save-status.ts';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
const texts = {
  saved: m.passwordChanged,
  failed: {
    fallback: m.changePasswordFailed,
    hint: m.changePasswordFailedHint,
    unexpected: m.changePasswordUnexpected,
  },
};

export function ChangePasswordForm() {
  const form = useForm<z.input<typeof changePasswordFormSchema>, unknown, ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const change = useChangePassword();
  const save = useSaveStatus(texts);

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword: next }) => {
    save.clear();
    change.mutate(
      { currentPassword, newPassword: next },
      save.callbacks(() => form.reset(empty)),
    );
  });

  return (
    <SettingsFormCard
      title={t.changePasswordHeading}
      intro={t.changePasswordIntro}
      onSubmit={onSubmit}
      status={save.status}
      pending={change.isPending}
      submitLabel={t.changePassword}
    >
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
    </SettingsFormCard>
  );
}
