import { describe, expect, test } from 'vitest';
import { completeSchema, type RecipientField } from '#shared/requests/schemas.ts';
import {
  fillable,
  givenValues,
  initialsOf,
  isFilled,
  missingRequired,
  nextField,
  readingOrder,
  toCompleteBody,
  utcDay,
  type Values,
} from './values.ts';

let id = 0;
const field = (
  type: RecipientField['type'],
  page: number,
  y: number,
  required = true,
  x = 10,
): RecipientField => ({
  id: ++id,
  type,
  page,
  required,
  rect: { x, y, width: 100, height: 20 },
  prefill: null,
  editable: true,
});

const sig = field('signature', 2, 500);
const text = field('text', 1, 300);
const box = field('checkbox', 1, 100, false);
const name = field('name', 1, 50);
const date = field('date', 2, 600);
const fields = [sig, text, box, name, date];

describe('the recipient fills in their fields', () => {
  test('reading order: page, then top to bottom, then left to right', () => {
    expect(readingOrder(fields).map((f) => f.id)).toEqual([name.id, box.id, text.id, sig.id, date.id]);
  });

  test('Finish waits for every required field; name and date are the server’s', () => {
    expect(missingRequired(fields, {}).map((f) => f.id)).toEqual([text.id, sig.id]);
    const values: Values = {
      [text.id]: { kind: 'text', text: ' Ltd ' },
      [sig.id]: { kind: 'image', image: 'data:image/png;base64,AA', method: 'draw' },
    };
    expect(missingRequired(fields, values)).toEqual([]);
  });

  test('blank text and an unchecked required checkbox do not count as filled', () => {
    expect(isFilled(text, { kind: 'text', text: '   ' })).toBe(false);
    const required = field('checkbox', 1, 1);
    expect(isFilled(required, { kind: 'checkbox', checked: false })).toBe(false);
    expect(isFilled(required, { kind: 'checkbox', checked: true })).toBe(true);
  });

  test('Next field goes to the next required empty one, wrapping round, then the optional ones', () => {
    expect(nextField(fields, {}, null)?.id).toBe(text.id);
    expect(nextField(fields, {}, text.id)?.id).toBe(sig.id);
    expect(nextField(fields, {}, sig.id)?.id).toBe(text.id);
    const done: Values = {
      [text.id]: { kind: 'text', text: 'x' },
      [sig.id]: { kind: 'saved', signatureId: 4, preview: '' },
    };
    expect(nextField(fields, done, sig.id)?.id).toBe(box.id);
  });

  test('the body carries the filled values only, never name or date, and passes the shared schema', () => {
    const values: Values = {
      [text.id]: { kind: 'text', text: ' Acme ' },
      [sig.id]: { kind: 'saved', signatureId: 7, preview: 'data:' },
      [box.id]: { kind: 'checkbox', checked: false },
    };
    const body = toCompleteBody(fields, values);
    expect(body.values).toEqual([
      { fieldId: box.id, kind: 'checkbox', checked: false },
      { fieldId: text.id, kind: 'text', text: 'Acme' },
      { fieldId: sig.id, kind: 'saved', signatureId: 7 },
    ]);
    expect(completeSchema.safeParse(body).success).toBe(true);
  });

  test("the sender's values: a locked one is not the recipient's to fill nor sent, an editable one starts filled", () => {
    const locked = { ...field('text', 1, 400), prefill: '900 EUR', editable: false };
    const open = { ...field('text', 1, 450), prefill: 'Keys at the office', editable: true };
    const all = [sig, locked, open];
    const values = givenValues(all);
    expect(values).toEqual({
      [locked.id]: { kind: 'text', text: '900 EUR' },
      [open.id]: { kind: 'text', text: 'Keys at the office' },
    });
    expect(fillable(all).map((f) => f.id)).toEqual([open.id, sig.id]);
    expect(missingRequired(all, values).map((f) => f.id)).toEqual([sig.id]);
    expect(
      toCompleteBody(all, { ...values, [open.id]: { kind: 'text', text: 'Keys next door' } }).values,
    ).toEqual([{ fieldId: open.id, kind: 'text', text: 'Keys next door' }]);
  });

  test('initials and the date as the server writes them', () => {
    expect(initialsOf('Ann-Marie van Dijk')).toBe('AMVD');
    expect(initialsOf('  bob  ')).toBe('B');
    expect(utcDay(Date.UTC(2026, 0, 2, 23, 30))).toBe('2026-01-02');
  });
});
