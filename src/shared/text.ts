/** Text rules every input shares, in the browser and on the server. */

/** PostgreSQL text cannot hold U+0000, and no field of ours has a use for it. */
export const NUL_MESSAGE = 'Text must not contain the NUL character (U+0000)';

const MAX_DEPTH = 32;

/**
 * The path of the first string holding U+0000 in a parsed value (object keys count too), or
 * null. Depth is bounded: what reaches here has passed a schema, so it is small and shallow.
 */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
