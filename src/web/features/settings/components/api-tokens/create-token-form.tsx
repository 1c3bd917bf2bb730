import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { API_SCOPES, scopeDescriptions, TOKEN_EXPIRY_DAYS, type ApiScope } from '#shared/api/scopes.ts';
import { createTokenSchema, type CreatedToken } from '#shared/api/tokens.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { apiTokensText as t } from '#web/features/settings/api-tokens-text.ts';
import { useCreateApiToken } from '#web/features/settings/api/create-api-token.ts';

type Input = z.input<typeof createTokenSchema>;
type Output = z.output<typeof createTokenSchema>;

const groups: { legend: string; scopes: ApiScope[] }[] = [
  { legend: t.readGroup, scopes: API_SCOPES.filter((s) => s.endsWith(':read')) },
  { legend: t.writeGroup, scopes: API_SCOPES.filter((s) => !s.endsWith(':read')) },
];

const NEVER = 'never';

/** The create dialog's form: a name, the scopes grouped read and write, and an expiry. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const id = useId();
  const create = useCreateApiToken();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(createTokenSchema),
    defaultValues: { name: '', scopes: [], expiresInDays: TOKEN_EXPIRY_DAYS[1] },
  });
  const { errors } = form.formState;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message;

  const submit = form.handleSubmit((input) => create.mutate(input, { onSuccess: onCreated }));

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {create.error ? (
        <Alert tone="error" role="alert">
          {create.error instanceof ApiError ? create.error.message : t.createFailed}
        </Alert>
      ) : null}
      <FormField label={t.nameLabel} hint={t.nameHint} error={errors.name?.message}>
        <Input {...form.register('name')} maxLength={100} autoComplete="off" />
      </FormField>

      <fieldset
        className="space-y-3"
        aria-describedby={`${id}-scopes-hint${scopesError ? ` ${id}-scopes-error` : ''}`}
      >
        <legend className="text-sm font-medium text-slate-900">{t.scopesLegend}</legend>
        <p id={`${id}-scopes-hint`} className="text-sm text-slate-600">
          {t.scopesHint}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {groups.map((group) => (
            <fieldset key={group.legend} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                {group.legend}
              </legend>
              {group.scopes.map((scope) => {
                const boxId = `${id}-${scope.replace(':', '-')}`;
                return (
                  <div key={scope} className="flex gap-2.5">
                    <input
                      id={boxId}
                      type="checkbox"
                      value={scope}
                      aria-describedby={`${boxId}-text`}
                      aria-invalid={scopesError ? true : undefined}
                      className="mt-1 size-4 shrink-0 accent-ink-700"
                      {...form.register('scopes')}
                    />
                    <div className="min-w-0">
                      <label htmlFor={boxId} className="font-mono text-sm font-medium text-slate-900">
                        {scope}
                      </label>
                      <p id={`${boxId}-text`} className="text-sm text-slate-700">
                        {scopeDescriptions[scope]}
                      </p>
                    </div>
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
        {scopesError ? (
          <p id={`${id}-scopes-error`} role="alert" className="text-sm font-medium text-red-700">
            {scopesError}
          </p>
        ) : null}
      </fieldset>

      <FormField label={t.expiryLabel} hint={t.expiryHint}>
        <Select
          className="max-w-xs"
          {...form.register('expiresInDays', {
            setValueAs: (v: unknown) =>
              v === NEVER || v === null ? null : (Number(v) as (typeof TOKEN_EXPIRY_DAYS)[number]),
          })}
        >
          {TOKEN_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {t.expiryDays(days)}
            </option>
          ))}
          <option value={NEVER}>{t.expiryNever}</option>
        </Select>
      </FormField>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{t.cancel}</Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner className="size-4" /> : null}
          {t.createSubmit}
        </Button>
      </DialogFooter>
    </form>
  );
}
