import { MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import type { FieldType } from '#shared/requests/schemas.ts';
import type { RecipientRole } from '#shared/requests/schemas.ts';
import { centredRect, moveWithin, resizeWithin, type PageSize, type Rect } from '#web/lib/placement.ts';

/** Who fills fields: a request's recipient, or a template's role; `key` stays with them when reordered. */
export interface Party {
  key: string;
  /** The name shown on their fields. */
  label: string;
  role: RecipientRole;
}

/** A field being placed. */
export interface DraftField {
  key: string;
  /** The key of the party (recipient or role) that fills it. */
  recipientKey: string;
  type: FieldType;
  page: number;
  rect: Rect;
  /** Size of that page, for keeping the field on it. */
  pageSize: PageSize;
  required: boolean;
}

let counter = 0;
/** A key unique in this page's life, for React lists and for linking fields to their party. */
export const newKey = (prefix: string) => `${prefix}-${++counter}`;

/**
 * A new field's size in points: a signature like the owner's (200x100 is large for a form) with
 * room for its QR code, the rest a line.
 */
export const FIELD_SIZES: Record<FieldType, PageSize> = {
  signature: { width: 180, height: 80 },
  initials: { width: 70, height: 40 },
  name: { width: 160, height: 24 },
  date: { width: 100, height: 24 },
  text: { width: 180, height: 24 },
  checkbox: { width: 20, height: 20 },
};

/** Checkboxes may be small; a signature keeps room for its QR code, other fields for their text. */
export const minFieldSize = (type: FieldType): PageSize =>
  type === 'checkbox'
    ? { width: 10, height: 10 }
    : type === 'signature'
      ? MIN_STAMP_BOX
      : { width: 30, height: 15 };

/**
 * A new field centred where the page was tapped, kept on the page. Without a point it goes in the
 * middle of the page, each further one on the same page moved down-right a little, so fields added
 * one after another do not hide each other.
 */
export function newField(
  fields: DraftField[],
  recipientKey: string,
  type: FieldType,
  page: number,
  pageSize: PageSize,
  at?: { x: number; y: number },
): DraftField {
  const base = centredRect(pageSize, FIELD_SIZES[type]);
  const already = fields.filter((f) => f.page === page).length;
  const shift = (already % 8) * 12;
  const x = at ? at.x - base.width / 2 : base.x + shift;
  const y = at ? at.y - base.height / 2 : base.y + shift;
  return {
    key: newKey('f'),
    recipientKey,
    type,
    page,
    pageSize,
    required: type !== 'checkbox',
    rect: moveWithin(base, x, y, pageSize),
  };
}

export const moveField = (f: DraftField, x: number, y: number): DraftField => ({
  ...f,
  rect: moveWithin(f.rect, x, y, f.pageSize),
});

export const resizeField = (f: DraftField, width: number, height: number): DraftField => ({
  ...f,
  rect: resizeWithin(f.rect, width, height, f.pageSize, minFieldSize(f.type)),
});

/** Moves the row at `from` one place up (-1) or down (+1); the list is unchanged at an end. */
export function moveRow<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
