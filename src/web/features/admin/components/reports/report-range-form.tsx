import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reportQuery } from '#shared/admin/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { lastDays } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.reports;
const PRESETS = [7, 30, 90, 365];
type Range = z.infer<typeof reportQuery>;

interface ReportRangeFormProps {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}

/** Start and end day of the report, validated by the same schema the server uses. */
export function ReportRangeForm({ from, to, onChange }: ReportRangeFormProps) {
  const form = useForm<Range>({ resolver: zodResolver(reportQuery), defaultValues: { from, to } });
  const { errors } = form.formState;
  const rangeError = errors.root?.message ?? (errors as { ''?: { message?: string } })['']?.message;
  const submit = form.handleSubmit((v) => onChange({ from: v.from ?? from, to: v.to ?? to }));
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <fieldset className="flex flex-wrap items-start gap-3">
        <legend className="sr-only">{t.rangeLegend}</legend>
        <FormField label={t.from} error={errors.from?.message} className="w-44">
          <Input type="date" {...form.register('from')} />
        </FormField>
        <FormField label={t.to} error={errors.to?.message ?? rangeError} className="w-44">
          <Input type="date" {...form.register('to')} />
        </FormField>
        <Button type="submit" className="sm:mt-6.5">
          {t.apply}
        </Button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span id="report-presets" className="text-slate-700">
          {t.presets}:
        </span>
        <div role="group" aria-labelledby="report-presets" className="flex flex-wrap gap-1">
          {PRESETS.map((n) => (
            <Button
              key={n}
              variant="subtle"
              size="sm"
              onClick={() => {
                const range = lastDays(n);
                form.reset(range);
                onChange(range);
              }}
            >
              {t.lastDays(n)}
            </Button>
          ))}
        </div>
      </div>
    </form>
  );
}
