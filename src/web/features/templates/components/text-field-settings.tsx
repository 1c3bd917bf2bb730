import { useId } from 'react';
import { TEXT_FIELD_MAX } from '#shared/requests/schemas.ts';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import type { FieldExtra } from '../lib/editor.ts';
import { templatesText as t } from '../messages.ts';

/** A template's text field: the key its value is given by, a default, and whether the recipient may change it. */
export function TextFieldSettings({
  extra,
  onChange,
}: {
  extra: FieldExtra;
  onChange: (extra: FieldExtra) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      <FormField label={t.keyLabel} hint={t.keyHint}>
        <Input
          value={extra.textKey}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ ...extra, textKey: e.target.value })}
        />
      </FormField>
      <FormField label={t.defaultLabel}>
        <Input
          value={extra.defaultValue}
          maxLength={TEXT_FIELD_MAX}
          autoComplete="off"
          onChange={(e) => onChange({ ...extra, defaultValue: e.target.value })}
        />
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={extra.editable}
          onCheckedChange={(v) => onChange({ ...extra, editable: v === true })}
        />
        <Label htmlFor={id}>{t.editableLabel}</Label>
      </div>
    </div>
  );
}
