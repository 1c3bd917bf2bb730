import {
  serverFilledFieldTypes,
  type CompleteInput,
  type FieldValue,
  type RecipientField,
} from '#shared/requests/schemas.ts';

/** What the recipient has put in a field so far (the field id is the key it is kept under). */
export type Filled =
  | { kind: 'image'; image: string; method: 'draw' | 'type' | 'upload' }
  | { kind: 'saved'; signatureId: number; preview: string }
  | { kind: 'text'; text: string }
  | { kind: 'checkbox'; checked: boolean };

export type Values = Record<number, Filled>;

/**
 * Name and date are written by the server when the recipient finishes, and a value the sender
 * gave and locked stands as it is: nothing to fill.
 */
export const filledByServer = (field: Pick<RecipientField, 'type' | 'prefill' | 'editable'>) =>
  serverFilledFieldTypes.includes(field.type) || (field.prefill !== null && !field.editable);

/** The values the recipient starts with: those the sender gave (they may change the unlocked ones). */
export const givenValues = (fields: RecipientField[]): Values =>
  Object.fromEntries(
    fields.flatMap((f) =>
      f.type === 'text' && f.prefill !== null
        ? [[f.id, { kind: 'text', text: f.prefill } satisfies Filled]]
        : [],
    ),
  );

export function isFilled(field: RecipientField, value: Filled | undefined): boolean {
  if (filledByServer(field)) return true;
  if (!value) return false;
  switch (field.type) {
    case 'signature':
    case 'initials':
      return value.kind === 'image' || value.kind === 'saved';
    case 'text':
      return value.kind === 'text' && value.text.trim() !== '';
    case 'checkbox':
      return value.kind === 'checkbox' && value.checked;
    default:
      return false;
  }
}

/** Fields in reading order: page by page, top to bottom, left to right. */
export const readingOrder = (fields: RecipientField[]) =>
  [...fields].sort((a, b) => a.page - b.page || a.rect.y - b.rect.y || a.rect.x - b.rect.x || a.id - b.id);

/** The fields the recipient fills in (not the server's), in reading order. */
export const fillable = (fields: RecipientField[]) => readingOrder(fields).filter((f) => !filledByServer(f));

export const missingRequired = (fields: RecipientField[], values: Values) =>
  fillable(fields).filter((f) => f.required && !isFilled(f, values[f.id]));

/**
 * The field "Next field" goes to: the first required field still empty after the current one
 * (wrapping round), then any empty field, else the next one in reading order.
 */
export function nextField(fields: RecipientField[], values: Values, currentId: number | null) {
  const list = fillable(fields);
  if (list.length === 0) return null;
  const at = list.findIndex((f) => f.id === currentId);
  const rotated = [...list.slice(at + 1), ...list.slice(0, at + 1)];
  return (
    rotated.find((f) => f.required && !isFilled(f, values[f.id])) ??
    rotated.find((f) => !isFilled(f, values[f.id])) ??
    rotated[0]!
  );
}

/** The body of POST /api/sign/{token}/complete: a value for every field filled in, none for the server's. */
export function toCompleteBody(fields: RecipientField[], values: Values): CompleteInput {
  const out: FieldValue[] = [];
  for (const f of fillable(fields)) {
    const v = values[f.id];
    if (!v || (!isFilled(f, v) && !(v.kind === 'checkbox'))) continue;
    if (v.kind === 'image') out.push({ fieldId: f.id, kind: 'image', image: v.image, method: v.method });
    else if (v.kind === 'saved') out.push({ fieldId: f.id, kind: 'saved', signatureId: v.signatureId });
    else if (v.kind === 'text') out.push({ fieldId: f.id, kind: 'text', text: v.text.trim() });
    else out.push({ fieldId: f.id, kind: 'checkbox', checked: v.checked });
  }
  return { values: out };
}

/** Initials of a name: "Ann-Marie van Dijk" → "AMVD" (at most four letters). */
export function initialsOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((part) => [...part][0]!.toUpperCase())
    .slice(0, 4)
    .join('');
}

/** Today as the server writes a date field: YYYY-MM-DD in UTC. */
export const utcDay = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);
