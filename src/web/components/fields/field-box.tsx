import { MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { fieldTypeLabels } from '#shared/requests/messages.ts';
import { FitText } from '#web/components/placement/fit-text.tsx';
import { PlacedBox } from '#web/components/placement/placed-box.tsx';
import { StampFootprint } from '#web/components/placement/stamp-footprint.tsx';
import { recipientColour, recipientTint } from './colours.ts';
import type { DraftField } from './fields.ts';
import { fieldsText, fieldTypeShort } from './texts.ts';

interface FieldBoxProps {
  field: DraftField;
  /** The recipient's place in the list (their colour and number) and name. */
  recipientIndex: number;
  recipientName: string;
  scale: number;
  selected: boolean;
  takeFocus: boolean;
  onMove: (x: number, y: number) => void;
  onResize: (width: number, height: number) => void;
  onRemove: () => void;
  onSelect: () => void;
  /** What fills it: a request's 'recipient' or a template's 'role'. */
  party: string;
}

/** Label sizes in CSS px: the largest, and the least a longer label is kept at before a shorter one. */
const LABEL_SIZE = 11;
const MIN_LABEL_SIZE = 8;

/** A field on the page in its recipient's colour, labelled with its type and the recipient. */
export function FieldBox(props: FieldBoxProps) {
  const { field: f, recipientIndex: i, recipientName: who, scale } = props;
  const t = fieldsText;
  const type = fieldTypeLabels[f.type];
  const colour = recipientColour(i);
  const r = f.rect;
  const labels = {
    group: t.fieldGroup(type, who, f.page),
    where: t.fieldWhere(Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)),
    move: `${t.moveField}: ${t.fieldLabel(type, who, i + 1, props.party)}${f.required ? '' : ' (optional)'}`,
    resize: t.resizeField,
    remove: t.removeField(type, who),
  };
  // The label shrinks with the field and drops the name, then abbreviates the type; the recipient's
  // number shows where there is room. The full label is the accessible name in any case.
  const numbered = r.width * scale >= 90 && r.height * scale >= 18;
  const required = f.required ? ' *' : '';
  const texts = [`${type}${required} · ${who}`, `${type}${required}`, `${fieldTypeShort[f.type]}${required}`];
  return (
    <PlacedBox
      rect={r}
      scale={scale}
      labels={labels}
      takeFocus={props.takeFocus}
      onMove={props.onMove}
      onResize={props.onResize}
      onRemove={props.onRemove}
      onFocus={props.onSelect}
      testId="request-field"
      partsTestId="field"
      frameClassName={props.selected ? 'border-solid' : undefined}
      frameStyle={{ borderColor: colour, backgroundColor: recipientTint(i) }}
    >
      {f.type === 'signature' ? (
        <StampFootprint
          width={r.width}
          height={r.height}
          tooSmall={t.stampTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height)}
        />
      ) : null}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 flex items-center justify-center gap-1 overflow-hidden px-0.5 font-semibold"
        style={{ color: colour }}
      >
        {numbered ? (
          <span
            className="rounded-sm px-1 text-[11px] leading-tight text-white"
            style={{ backgroundColor: colour }}
          >
            {i + 1}
          </span>
        ) : null}
        <FitText texts={texts} max={LABEL_SIZE} min={MIN_LABEL_SIZE} />
      </span>
    </PlacedBox>
  );
}
