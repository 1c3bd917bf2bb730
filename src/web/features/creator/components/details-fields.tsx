import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { REFERENCE_MAX } from '#shared/signatures/reference.ts';
import { ADDITIONAL_DATA_MAX, SIGNER_NAME_MAX } from '#shared/signatures/limits.ts';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';

/** Signer's name, reference number (generated when blank) and reference data. */
export function DetailsFields() {
  const c = useCreator();
  return (
    <div className="space-y-4">
      <FormField label={t.nameLabel}>
        <Input
          value={c.name}
          maxLength={SIGNER_NAME_MAX}
          autoComplete="name"
          placeholder={m.namePlaceholder}
          onChange={(e) => c.setName(e.target.value)}
        />
      </FormField>
      <FormField
        label={t.referenceLabel}
        hint={c.referenceError ? undefined : t.referenceHint}
        error={c.referenceError ?? undefined}
      >
        <Input
          value={c.referenceInput}
          maxLength={REFERENCE_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder={m.referencePlaceholder}
          onChange={(e) => c.setReferenceInput(e.target.value)}
        />
      </FormField>
      <FormField label={t.referenceDataLabel}>
        <Input
          value={c.referenceData}
          maxLength={ADDITIONAL_DATA_MAX}
          placeholder={m.referenceDataPlaceholder}
          onChange={(e) => c.setReferenceData(e.target.value)}
        />
      </FormField>
    </div>
  );
}
