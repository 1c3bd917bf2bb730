import { Input } from '#web/components/ui/input.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of an ISO time, as a date input wants it (YYYY-MM-DD). */
function toDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface DateInputProps {
  id?: string;
  /** An ISO time or ''. */
  value: string;
  /** The stored time, kept as it is while its day is not changed. */
  original: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/** A calendar day for an ISO publication time: a new day starts at local midnight. */
export function DateInput({ value, original, onChange, ...props }: DateInputProps) {
  return (
    <Input
      type="date"
      value={value ? toDay(value) : ''}
      onChange={(event) => {
        const day = event.target.value;
        if (!day) onChange('');
        else if (original && toDay(original) === day) onChange(original);
        else onChange(new Date(`${day}T00:00:00`).toISOString());
      }}
      className="sm:max-w-56"
      {...props}
    />
  );
}
