import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { siteSettingsSchema, type SiteSettingsInput } from '#shared/admin/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSaveSiteSettings } from '#web/features/admin/api/save-site-settings.ts';
import type { SiteSettings } from '#shared/admin/answers.ts';
import { SisterLinksField } from '#web/features/admin/components/settings/sister-links-field.tsx';
import { applyServerIssues, errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.settings;
const FIELDS = ['siteName', 'publicUrl', 'privacyPolicyUrl', 'sisterProducts', 'analyticsScriptUrl'];

const toForm = (s: SiteSettings): SiteSettingsInput => ({
  ...s,
  analyticsScriptUrl: s.analyticsScriptUrl ?? '',
});

export function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  // raw: send what the admin typed ('' for no analytics); the server applies the same schema.
  const form = useForm<SiteSettingsInput>({
    resolver: zodResolver(siteSettingsSchema, undefined, { raw: true }),
    defaultValues: toForm(settings),
  });
  const { errors } = form.formState;
  const save = useSaveSiteSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
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
      <FormField label={t.siteName} error={errors.siteName?.message}>
        <Input {...form.register('siteName')} />
      </FormField>
      <FormField label={t.publicUrl} hint={t.publicUrlHint} error={errors.publicUrl?.message}>
        <Input type="url" {...form.register('publicUrl')} />
      </FormField>
      <FormField label={t.privacyPolicyUrl} hint={t.privacyHint} error={errors.privacyPolicyUrl?.message}>
        <Input type="url" {...form.register('privacyPolicyUrl')} />
      </FormField>
      <SisterLinksField control={form.control} register={form.register} errors={errors.sisterProducts} />
      <FormField label={t.analytics} hint={t.analyticsHint} error={errors.analyticsScriptUrl?.message}>
        <Input type="url" placeholder="https://" {...form.register('analyticsScriptUrl')} />
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? <Spinner className="size-4" /> : null}
        {t.save}
      </Button>
    </form>
  );
}
