/** A route's id read as a positive integer, or null for anything else. */
export function parseDocumentId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number.parseInt(raw, 10);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}
