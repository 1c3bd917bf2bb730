import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passkeyRenameSchema } from '#shared/accounts/security.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { SettingsCardHeader } from './settings-card-header.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useAddPasskey, useRemovePasskey } from '#web/features/settings/api/passkeys.ts';
import { useRefreshSecurity, useTwoFactorStatus } from '#web/features/settings/api/two-factor.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { formatDate } from '#web/features/settings/components/format-date.ts';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** Settings > Security: the account's passkeys, named, with their last use; add and remove. */
export function PasskeysCard() {
  const status = useTwoFactorStatus();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const refresh = useRefreshSecurity();
  const queryClient = useQueryClient();
  // The name a passkey is added under follows the same rules as a rename.
  const form = useForm<z.input<typeof passkeyRenameSchema>, unknown, z.output<typeof passkeyRenameSchema>>({
    resolver: zodResolver(passkeyRenameSchema),
    defaultValues: { name: '' },
  });
  const invalid = form.formState.errors.name?.message;
  const [notice, setNotice] = useState<string | null>(null);
  const passkeys = status.data?.passkeys ?? [];

  const submit = form.handleSubmit(({ name }) => {
    setNotice(null);
    add.mutate(name, {
      onSuccess: (passkey) => {
        form.reset();
        setNotice(t.passkeyAdded(passkey.name));
        void refresh();
      },
    });
  });

  return (
    <Card>
      <SettingsCardHeader icon={KeyRound} title={t.passkeysHeading} intro={t.passkeysIntro} />
      <CardContent className="space-y-4">
        {notice ? (
          <Alert tone="success" role="status">
            {notice}
          </Alert>
        ) : null}
        <ErrorNote error={remove.error} />
        {passkeys.length === 0 ? (
          <p className="text-sm text-slate-700">{t.noPasskeys}</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200"
            aria-label={t.passkeysHeading}
          >
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-medium text-slate-900">{p.name}</p>
                  <p className="text-sm text-slate-700">
                    {t.created} {formatDate(p.createdAt)} ·{' '}
                    {p.lastUsedAt ? `${t.lastUsed} ${formatDate(p.lastUsedAt)}` : t.neverUsed}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t.removeLabel(p.name)}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(p.id, {
                      onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['/api/user/2fa'] }),
                    })
                  }
                >
                  {t.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} noValidate className="space-y-3">
          {add.error ? (
            <Alert tone="error" role="alert">
              {add.error instanceof ApiError ? add.error.message : t.passkeyFailed}
            </Alert>
          ) : null}
          <FormField label={t.passkeyName} hint={t.passkeyNameHint} error={invalid}>
            <Input {...form.register('name')} maxLength={60} className="max-w-sm" />
          </FormField>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? <Spinner className="size-4" /> : null}
            {t.addPasskey}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
