/**
 * Figures other features add to an answer (documents by status, a certificate), read without
 * assuming their exact shape: numbers one level deep become labelled counts.
 */
export function countsOf(value: unknown): Array<[string, number]> {
  if (!value || typeof value !== 'object') return [];
  const out: Array<[string, number]> = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'number') out.push([humanize(key), v]);
    else if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [inner, n] of Object.entries(v as Record<string, unknown>)) {
        if (typeof n === 'number') out.push([humanize(inner), n]);
      }
    }
  }
  return out;
}

/** 'notAfter' → 'Not after', 'pending_review' → 'Pending review'. */
export function humanize(key: string) {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
