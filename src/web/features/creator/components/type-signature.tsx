import { useEffect, useId, useRef } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Input } from '#web/components/ui/input.tsx';
import { fontForCategory } from '#web/lib/fonts/catalogue.ts';
import { FONT_SIZE, PAD } from '../lib/model.ts';
import { drawTyped } from '../lib/render.ts';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';
import { FontPicker } from './font-picker.tsx';

/** Typed signature: text, font, size and colour, drawn on a 600x250 canvas once the font is in. */
export function TypeSignature() {
  const c = useCreator();
  const s = c.typedSettings;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const id = useId();
  const update = (patch: Partial<typeof s>) => c.setTypedSettings((prev) => ({ ...prev, ...patch }));
  const blank = !s.text.trim();
  const drawn = blank ? null : c.typed;

  // The creator draws the signature (use-creator-state); this canvas shows its latest drawing.
  useEffect(() => {
    const ctx = canvasRef.current!.getContext('2d')!;
    ctx.clearRect(0, 0, PAD.width, PAD.height);
    if (drawn) drawTyped(ctx, drawn);
  }, [drawn]);

  const shrunk = c.typed && c.typed.fontSize < s.fontSize ? t.shrunk(c.typed.fontSize) : '';
  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
          {t.typeTextLabel}
        </label>
        <Input
          id={`${id}-text`}
          value={s.text}
          maxLength={100}
          autoComplete="name"
          placeholder={t.typeTextPlaceholder}
          onChange={(e) => update({ text: e.target.value })}
        />
      </div>
      <div className="relative overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={canvasRef}
          width={PAD.width}
          height={PAD.height}
          role="img"
          // What the canvas shows, not what was just asked for: a new font is drawn once its file is in.
          aria-label={drawn ? t.typedCanvasLabel(drawn.text, drawn.font.family) : m.typeHint}
          data-testid="typed-signature"
          className="block aspect-[12/5] w-full"
        />
        {blank ? (
          <p className="absolute inset-0 grid place-items-center p-4 text-center text-slate-600">
            {m.typeHint}
          </p>
        ) : null}
      </div>
      <FontPicker
        category={s.category}
        slug={s.slug}
        sample={s.text.trim()}
        onCategory={(category) => update({ category, slug: fontForCategory(category, s.slug).slug })}
        onFont={(f) => update({ slug: f.slug, category: f.category })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-size`} className="block text-sm font-medium text-slate-800">
            {t.fontSizeLabel}: <output htmlFor={`${id}-size`}>{s.fontSize}px</output>
          </label>
          <input
            id={`${id}-size`}
            type="range"
            min={FONT_SIZE.min}
            max={FONT_SIZE.max}
            step={1}
            value={s.fontSize}
            onChange={(e) => update({ fontSize: Number(e.target.value) })}
            className="w-full accent-ink-700"
          />
          {shrunk ? <p className="text-xs text-slate-600">{shrunk}</p> : null}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-color`} className="block text-sm font-medium text-slate-800">
            {t.colorLabel}
          </label>
          <input
            id={`${id}-color`}
            type="color"
            value={s.color}
            onChange={(e) => update({ color: e.target.value })}
            className="h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
        </div>
      </div>
    </div>
  );
}
