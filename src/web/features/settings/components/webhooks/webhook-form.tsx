import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { subscribableEventTypes } from '#shared/api/events.ts';
import { createWebhookSchema } from '#shared/api/webhooks.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { webhooksText as t } from '#web/features/settings/messages.ts';

type FormInput = z.input<typeof createWebhookSchema>;
export type WebhookFormValues = z.output<typeof createWebhookSchema>;

/** The URL, events and description of an endpoint: creating one, or editing it. */
export function WebhookForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  idPrefix,
}: {
  initial?: { url: string; events: string[]; description: string };
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: WebhookFormValues) => void;
  onCancel: () => void;
  idPrefix: string;
}) {
  const form = useForm<FormInput, unknown, WebhookFormValues>({
    resolver: zodResolver(createWebhookSchema),
    defaultValues: (initial as FormInput | undefined) ?? { url: '', events: [], description: '' },
  });
  const { errors } = form.formState;
  const legendId = `${idPrefix}-events`;
  const eventsError = `${idPrefix}-events-error`;
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      <FormField label={t.urlLabel} hint={t.urlHint} error={errors.url?.message}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          {...form.register('url')}
        />
      </FormField>
      <FormField label={t.descriptionLabel} error={errors.description?.message}>
        <Input autoComplete="off" {...form.register('description')} />
      </FormField>
      <fieldset aria-describedby={errors.events ? eventsError : undefined}>
        <legend id={legendId} className="text-sm font-medium text-slate-900">
          {t.eventsLegend}
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {subscribableEventTypes.map((type) => {
            const id = `${idPrefix}-event-${type}`;
            return (
              <div key={type} className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  value={type}
                  className="size-4 accent-ink-700"
                  {...form.register('events')}
                />
                <label htmlFor={id} className="text-sm text-slate-800">
                  {t.events[type]} <code className="text-xs text-slate-600">{type}</code>
                </label>
              </div>
            );
          })}
        </div>
        {errors.events ? (
          <p id={eventsError} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.events.message ?? errors.events.root?.message}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
