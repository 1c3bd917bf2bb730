import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { useNewRecoveryCodes, useRefreshSecurity } from '#web/features/settings/api/two-factor.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { securityText as t } from '#web/features/settings/security-text.ts';

/** New recovery codes replace the old ones; the password confirms it is the owner asking. */
export function NewRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const create = useNewRecoveryCodes();
  const refresh = useRefreshSecurity();
  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t.newCodes}
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(password, {
      onSuccess: ({ recoveryCodes }) => {
        setOpen(false);
        setPassword('');
        void refresh();
        onCodes(recoveryCodes);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{t.newCodes}</h3>
      <p className="text-sm text-slate-700">{t.newCodesIntro}</p>
      <ErrorNote error={create.error} />
      <FormField label={t.passwordLabel}>
        <PasswordInput
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {t.newCodes}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
