import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { profileSchema, type PublicUser } from '#shared/accounts/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { describeSettingsError } from '#web/features/settings/api/describe-error.ts';
import { useUpdateProfile } from '#web/features/settings/api/update-profile.ts';
import { settingsText as t } from '#web/features/settings/messages.ts';

type Status = { tone: 'success' | 'error'; text: string } | null;

export function ProfileForm({ user }: { user: PublicUser }) {
  const form = useForm<z.input<typeof profileSchema>, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name ?? '', email: user.email },
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const [status, setStatus] = useState<Status>(null);

  const onSubmit = form.handleSubmit((values) => {
    setStatus(null);
    update.mutate(
      { name: values.name ?? null, email: values.email },
      {
        onSuccess: (saved) => {
          form.reset({ name: saved.name ?? '', email: saved.email });
          setStatus({ tone: 'success', text: m.profileUpdated });
          toast({ title: m.profileUpdated, variant: 'success' });
        },
        onError: (error) => {
          const described = describeSettingsError(error, {
            fallback: m.profileFailed,
            hint: m.profileFailedHint,
            unexpected: m.profileUnexpected,
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
        <h2 className="text-lg font-semibold text-slate-900">{t.profileHeading}</h2>
        <p className="text-sm text-slate-700">{t.profileIntro}</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {status ? (
            <Alert tone={status.tone} role={status.tone === 'error' ? 'alert' : 'status'}>
              {status.text}
            </Alert>
          ) : null}
          <FormField label={t.nameLabel} hint={t.nameHint} error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField label={t.emailLabel} hint={t.emailHint} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner className="size-4" /> : null}
            {t.updateProfile}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
