import { useEffect, useRef, useState } from 'react';
import { FONT_CATEGORIES, fontsIn, type FontCategory, type SignatureFont } from '#web/lib/fonts/catalogue.ts';
import { fontStack, loadFont } from '#web/lib/fonts/load-font.ts';
import { creatorText as t } from '../messages.ts';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One font as a radio card, previewed in its own face once it scrolls into view. */
function FontOption({
  font,
  sample,
  checked,
  onSelect,
}: {
  font: SignatureFont;
  sample: string;
  checked: boolean;
  onSelect: () => void;
}) {
  const ref = useRef<HTMLLabelElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        loadFont(font).then(
          () => live && setReady(true),
          () => undefined,
        );
      },
      { rootMargin: '200px' },
    );
    observer.observe(ref.current!);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [font]);
  return (
    <label
      ref={ref}
      className="flex cursor-pointer flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 hover:border-ink-300 has-[input:checked]:border-ink-600 has-[input:checked]:bg-ink-50 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ink-600"
    >
      <input
        type="radio"
        name="signature-font"
        value={font.slug}
        checked={checked}
        onChange={onSelect}
        className="sr-only"
      />
      <span className="text-xs font-medium text-slate-700">{font.family}</span>
      <span
        aria-hidden="true"
        // Script faces reach past their box (Homemade Apple's capitals start left of it): the
        // padding gives them room inside the clip that truncation needs.
        className="-mx-2 truncate px-2 py-1 text-2xl leading-normal text-slate-900"
        style={ready ? { fontFamily: fontStack(font) } : undefined}
      >
        {sample || font.family}
      </span>
    </label>
  );
}

interface FontPickerProps {
  category: FontCategory;
  slug: string;
  sample: string;
  onCategory: (category: FontCategory) => void;
  onFont: (font: SignatureFont) => void;
}

/** Category select and the category's fonts; only the fonts shown are fetched. */
export function FontPicker({ category, slug, sample, onCategory, onFont }: FontPickerProps) {
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor="font-category" className="block text-sm font-medium text-slate-800">
          {t.categoryLabel}
        </label>
        <select
          id="font-category"
          value={category}
          onChange={(e) => onCategory(e.target.value as FontCategory)}
          className="block h-10 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm"
        >
          {FONT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {capitalize(c)} ({fontsIn(c).length})
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{t.fontLabel}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {fontsIn(category).map((font) => (
            <FontOption
              key={font.slug}
              font={font}
              sample={sample}
              checked={font.slug === slug}
              onSelect={() => onFont(font)}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
