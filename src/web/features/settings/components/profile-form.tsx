import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { profileSchema, type PublicUser } from '#shared/accounts/schemas.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useKeptForm } from '#web/lib/session/kept-work.ts';
import { useUpdateProfile } from '#web/features/settings/api/update-profile.ts';
import { settingsText as t } from '#web/features/settings/messages.ts';
import { SettingsFormCard } from '#web/features/settings/components/settings-form-card.tsx';
import { useSaveStatus } from '#web/features/settings/components/use-save-status.ts';

const texts = {
  saved: m.profileUpdated,
  failed: { fallback: m.profileFailed, hint: m.profileFailedHint, unexpected: m.profileUnexpected },
};

export function ProfileForm({ user }: { user: PublicUser }) {
  const form = useForm<z.input<typeof profileSchema>, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name ?? '', email: user.email },
  });
  useKeptForm('profile', form);
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const save = useSaveStatus(texts);

  const onSubmit = form.handleSubmit((values) => {
    save.clear();
    update.mutate(
      { name: values.name ?? null, email: values.email },
      save.callbacks((saved) => form.reset({ name: saved.name ?? '', email: saved.email })),
    );
  });

  return (
    <SettingsFormCard
      title={t.profileHeading}
      intro={t.profileIntro}
      onSubmit={onSubmit}
      status={save.status}
      pending={update.isPending}
      submitLabel={t.updateProfile}
    >
      <FormField label={t.nameLabel} hint={t.nameHint} error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label={t.emailLabel} hint={t.emailChangeHint} error={errors.email?.message}>
        <Input type="email" autoComplete="email" readOnly {...form.register('email')} />
      </FormField>
    </SettingsFormCard>
  );
}
