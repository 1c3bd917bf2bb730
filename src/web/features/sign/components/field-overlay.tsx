import { Check } from 'lucide-react';
import { fieldTypeLabels } from '#shared/requests/messages.ts';
import type { RecipientField } from '#shared/requests/schemas.ts';
import { FitText } from '#web/components/placement/fit-text.tsx';
import { StampFootprint } from '#web/components/placement/stamp-footprint.tsx';
import { cn } from '#web/lib/cn.ts';
import { filledByServer, isFilled, type Filled } from '../lib/values.ts';
import { signText as t } from '../messages.ts';

interface FieldOverlayProps {
  field: RecipientField;
  value: Filled | undefined;
  scale: number;
  current: boolean;
  /** What a name or date field will say (the server writes it on finishing). */
  serverText: string;
  onOpen: () => void;
  onToggle: (checked: boolean) => void;
  buttonRef?: (el: HTMLButtonElement | null) => void;
}

/** The finished PDF writes a field's text at 14 pt at most, smaller when the box is. */
const TEXT_MAX_PT = 14;

/** One of the recipient's fields on the page: highlighted, and a button that fills it in. */
export function FieldOverlay({
  field: f,
  value,
  scale,
  current,
  serverText,
  onOpen,
  onToggle,
  buttonRef,
}: FieldOverlayProps) {
  const type = fieldTypeLabels[f.type];
  const filled = isFilled(f, value);
  const style = {
    left: f.rect.x * scale,
    top: f.rect.y * scale,
    width: f.rect.width * scale,
    height: f.rect.height * scale,
  };
  const maxText = TEXT_MAX_PT * scale;
  const frame = cn(
    'absolute flex items-center justify-center overflow-hidden rounded-sm border-2 font-medium',
    filled
      ? 'border-emerald-700 bg-emerald-50/60 text-emerald-900'
      : 'border-amber-600 bg-amber-100/70 text-amber-950',
    current && 'ring-4 ring-ink-600/60',
  );

  if (filledByServer(f))
    return (
      <div
        className={cn(frame, 'border-dashed border-slate-500 bg-slate-50/70 text-slate-800')}
        style={style}
        data-testid="sign-field"
      >
        <FitText texts={[serverText]} max={maxText} className="px-0.5" />
        <span className="sr-only">
          {f.prefill !== null ? t.senderField(type, serverText) : t.serverField(type, serverText)}
        </span>
      </div>
    );

  if (f.type === 'checkbox') {
    const checked = value?.kind === 'checkbox' && value.checked;
    return (
      <button
        ref={buttonRef}
        type="button"
        role="checkbox"
        aria-checked={checked}
        aria-label={t.checkboxName(f.page, f.required)}
        data-testid="sign-field"
        data-field-id={f.id}
        className={cn(
          frame,
          'min-h-6 min-w-6 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700',
        )}
        style={style}
        onClick={() => onToggle(!checked)}
      >
        {checked ? <Check aria-hidden="true" className="size-full max-h-6 max-w-6" /> : null}
      </button>
    );
  }

  const preview = value?.kind === 'image' ? value.image : value?.kind === 'saved' ? value.preview : null;
  const content = preview ? (
    <img src={preview} alt="" className="pointer-events-none size-full object-contain" />
  ) : value?.kind === 'text' && value.text.trim() ? (
    <FitText texts={[value.text]} max={maxText} className="px-0.5 text-slate-900" />
  ) : (
    <FitText
      texts={[`${t.tapToFill[f.type] || type}${f.required ? ' *' : ''}`]}
      max={maxText}
      className="px-0.5"
    />
  );
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={t.fieldName(type, f.page, f.required, filled)}
      data-testid="sign-field"
      data-field-id={f.id}
      data-filled={filled}
      className={cn(
        frame,
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700',
      )}
      style={style}
      onClick={onOpen}
    >
      {f.type === 'signature' ? (
        // The signature goes where it is printed, beside its verification QR code.
        <StampFootprint width={f.rect.width} height={f.rect.height}>
          <span className="flex size-full items-center justify-center">{content}</span>
        </StampFootprint>
      ) : (
        content
      )}
    </button>
  );
}
