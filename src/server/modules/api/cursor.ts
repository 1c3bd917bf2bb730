import { invalid } from '#server/lib/outcomes.ts';

/**
 * Opaque paging cursors: the last row's sort key, base64url JSON. Lists order by a unique key
 * (id, or time then id), and a page starts strictly after the cursor, so rows inserted or deleted
 * while a client pages never repeat or skip the rows it has not seen yet.
 */
export type CursorKey = { id: number; at?: string };

export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

export function decodeCursor(cursor: string | undefined): CursorKey | null {
  if (cursor === undefined || cursor === '') return null;
  // built only when refusing: an outcome captures a stack, which every page would pay for
  const refused = () =>
    invalid('The cursor is not valid: pass nextCursor from the previous page', { code: 'cursor_invalid' });
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw refused();
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (typeof key !== 'object' || key === null) throw refused();
  const { id, at } = key as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) throw refused();
  if (at !== undefined && (typeof at !== 'string' || Number.isNaN(Date.parse(at)))) throw refused();
  return at === undefined ? { id } : { id, at };
}

/** One page from `limit + 1` rows: the extra row only says whether there is a next page. */
export function pageFrom<R, T>(
  rows: R[],
  limit: number,
  key: (row: R) => CursorKey,
  item: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { items: page.map(item), nextCursor: more && last ? encodeCursor(key(last)) : null };
}
