import { REQUEST_MAX_EXPIRY_DAYS } from '#shared/requests/schemas.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { addDays, isoDay } from '#web/lib/expiry.ts';

interface ExpiryDateFieldProps {
  label: string;
  hint: string;
  error?: string;
  /** YYYY-MM-DD, or empty. */
  value: string;
  /** The moment the page opened: the first and last days offered count from it. */
  now: number;
  onChange: (day: string) => void;
}

/** The last day a request's links work: from today to the server's limit. */
export function ExpiryDateField({ label, hint, error, value, now, onChange }: ExpiryDateFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} className="sm:max-w-xs">
      <Input
        type="date"
        min={isoDay(new Date(now))}
        max={addDays(now, REQUEST_MAX_EXPIRY_DAYS)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
