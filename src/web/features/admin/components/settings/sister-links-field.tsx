import { Plus, X } from 'lucide-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { SiteSettingsInput } from '#shared/admin/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.settings;
const MAX_LINKS = 4;

interface SisterLinksFieldProps {
  control: Control<SiteSettingsInput>;
  register: UseFormRegister<SiteSettingsInput>;
  errors: FieldErrors<SiteSettingsInput>['sisterProducts'];
}

/** Label and address pairs; each input is named for its row so a screen reader knows which it is. */
export function SisterLinksField({ control, register, errors }: SisterLinksFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'sisterProducts' });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t.sisterProducts}</legend>
      <p className="text-sm text-slate-600">{t.sisterHint}</p>
      {fields.map((field, i) => {
        const rowErrors = errors?.[i];
        return (
          <div key={field.id} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto]">
            <div>
              <Input
                aria-label={t.linkLabel(i + 1)}
                aria-invalid={rowErrors?.label ? true : undefined}
                {...register(`sisterProducts.${i}.label`)}
              />
              {rowErrors?.label ? (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {rowErrors.label.message}
                </p>
              ) : null}
            </div>
            <div>
              <Input
                aria-label={t.linkUrl(i + 1)}
                aria-invalid={rowErrors?.url ? true : undefined}
                {...register(`sisterProducts.${i}.url`)}
              />
              {rowErrors?.url ? (
                <p role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {rowErrors.url.message}
                </p>
              ) : null}
            </div>
            <Button variant="ghost" size="icon" onClick={() => remove(i)} aria-label={t.removeLink(i + 1)}>
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
        );
      })}
      {fields.length < MAX_LINKS ? (
        <Button variant="subtle" size="sm" onClick={() => append({ label: '', url: 'https://' })}>
          <Plus aria-hidden="true" className="size-4" />
          {t.addLink}
        </Button>
      ) : null}
    </fieldset>
  );
}
