/** A template's id from the address; null when it cannot be one. */
export const parseTemplateId = (raw: string | undefined) =>
  raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
