import { useId } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';

/** The spec's publication consent; saving requires it. */
export function ConsentCheckbox({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} className="mt-0.5" />
      <label htmlFor={id} className="text-sm text-slate-800">
        {m.consentText}
      </label>
    </div>
  );
}
