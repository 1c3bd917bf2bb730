import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { securitySettingsSchema, type SecuritySettingsInput } from '#shared/admin/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSaveSecuritySettings } from '#web/features/admin/api/save-security-settings.ts';
import { LimitField } from '#web/features/admin/components/security/limit-field.tsx';
import { TwoFactorPolicyFields } from '#web/features/admin/components/security/two-factor-policy-fields.tsx';
import { applyServerIssues, errorText } from '#web/features/admin/lib/server-errors.ts';
import { adminText } from '#web/features/admin/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = adminText.security;
type Name = keyof SecuritySettingsInput;

const groups: Array<{ title: string; lead: string; fields: Name[] }> = [
  { title: t.sessions, lead: t.sessionsLead, fields: ['sessionIdleMinutes', 'sessionLifetimeHours'] },
  {
    title: t.logins,
    lead: t.loginsLead,
    fields: ['loginWindowMinutes', 'loginFailuresPerAccount', 'loginFailuresPerIp'],
  },
  {
    title: t.lookups,
    lead: t.lookupsLead,
    fields: ['lookupWindowMinutes', 'lookupsBeforeCaptcha', 'lookupsBeforeBlock'],
  },
  {
    title: t.uploads,
    lead: t.uploadsLead,
    fields: ['storageQuotaMb', 'uploadsPerUserPerHour', 'uploadsPerIpPerHour'],
  },
  {
    title: t.signing,
    lead: t.signingLead,
    fields: [
      'signingRequestsPerUserPerHour',
      'signingCallsPerTokenPerHour',
      'signingCallsPerIpPerHour',
      'signingCodesPerRecipientPerHour',
      'signingMailsPerRecipientPerHour',
      'bulkRowsPerUserPerDay',
    ],
  },
  { title: t.api, lead: t.apiLead, fields: ['apiCallsPerTokenPerMinute'] },
];
const allFields = groups.flatMap((g) => g.fields);

export function SecurityForm({ settings }: { settings: SecuritySettingsInput }) {
  const form = useForm<SecuritySettingsInput>({
    resolver: zodResolver(securitySettingsSchema),
    defaultValues: settings,
  });
  const { errors, isDirty } = form.formState;
  const save = useSaveSecuritySettings();
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast({ title: t.saved, variant: 'success' });
      },
      onError: (error) => {
        if (!applyServerIssues(error, form.setError, allFields)) setFailure(errorText(error));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {failure ? (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div className="grid items-start gap-6 xl:grid-cols-3">
        {groups.map((g) => (
          <Card key={g.title}>
            <CardHeader>
              <h2 className="text-lg font-semibold text-slate-900">{g.title}</h2>
              <p className="text-sm text-slate-700">{g.lead}</p>
            </CardHeader>
            <CardContent className="space-y-4">
              {g.fields.map((name) => (
                <LimitField
                  key={name}
                  name={name}
                  error={errors[name]?.message}
                  registration={form.register(name, { valueAsNumber: true })}
                />
              ))}
              {g.title === t.api ? (
                <div className="flex gap-3">
                  <input
                    id="webhooks-allow-http-loopback"
                    type="checkbox"
                    aria-describedby="webhooks-allow-http-loopback-hint"
                    className="mt-1 size-4 accent-ink-700"
                    {...form.register('webhooksAllowHttpLoopback')}
                  />
                  <div>
                    <label
                      htmlFor="webhooks-allow-http-loopback"
                      className="text-sm font-medium text-slate-900"
                    >
                      {t.webhooksAllowHttpLoopback}
                    </label>
                    <p id="webhooks-allow-http-loopback-hint" className="text-sm text-slate-700">
                      {t.webhooksAllowHttpLoopbackHint}
                    </p>
                  </div>
                </div>
              ) : null}
            </CardContent>
          </Card>
        ))}
        <TwoFactorPolicyFields register={form.register} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          {t.save}
        </Button>
        <Button variant="secondary" disabled={!isDirty} onClick={() => form.reset(settings)}>
          {t.reset}
        </Button>
      </div>
    </form>
  );
}
