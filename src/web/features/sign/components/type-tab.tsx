import { useEffect, useEffectEvent, useId, useState } from 'react';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { DEFAULT_FONT, FONT_CATEGORIES, fontBySlug, fontsIn } from '#web/lib/fonts/catalogue.ts';
import { typedPng } from '../lib/images.ts';
import { signText as t } from '../messages.ts';

interface TypeTabProps {
  initial: string;
  initials: boolean;
  onImage: (png: string | null) => void;
}

/** Typed in one of the creator's 45 handwriting fonts, previewed as it will be placed. */
export function TypeTab({ initial, initials, onImage }: TypeTabProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [slug, setSlug] = useState(DEFAULT_FONT.slug);
  const [preview, setPreview] = useState<string | null>(null);
  const font = fontBySlug(slug);
  const report = useEffectEvent((png: string | null) => onImage(png));

  useEffect(() => {
    let current = true;
    typedPng(text, font).then(
      (png) => {
        if (!current) return;
        setPreview(png);
        report(png);
      },
      () => current && report(null),
    );
    return () => {
      current = false;
    };
  }, [text, font]);

  return (
    <div className="space-y-3">
      <FormField label={initials ? t.typeInitialsLabel : t.typeLabel}>
        <Input value={text} maxLength={100} autoComplete="off" onChange={(e) => setText(e.target.value)} />
      </FormField>
      <FormField label={t.fontLabel}>
        <Select value={slug} onChange={(e) => setSlug(e.target.value)}>
          {FONT_CATEGORIES.map((category) => (
            <optgroup key={category} label={category[0]!.toUpperCase() + category.slice(1)}>
              {fontsIn(category).map((f) => (
                <option key={f.slug} value={f.slug}>
                  {f.family}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </FormField>
      <div
        id={`${id}-preview`}
        className="grid aspect-[3/1] place-items-center overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-white"
      >
        {preview ? (
          <img
            src={preview}
            alt={t.typedPreview(text.trim(), font.family)}
            className="max-h-full max-w-full"
          />
        ) : null}
      </div>
    </div>
  );
}
