import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { adminText } from '#web/features/admin/messages.ts';

interface LimitFieldProps {
  name: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** A whole-number limit with its unit beside it and its allowed range as the hint. */
export function LimitField({ name, error, registration }: LimitFieldProps) {
  const [label, unit, hint] = adminText.security.fields[name] ?? [name, '', ''];
  return (
    <FormField label={`${label} (${unit})`} hint={hint} error={error}>
      <Input type="number" inputMode="numeric" step={1} {...registration} />
    </FormField>
  );
}
