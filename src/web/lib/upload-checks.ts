import { documentMessages as m } from '#shared/documents/messages.ts';
import { DOCUMENT_MAX_BYTES, documentNameSchema, PDF_MIME } from '#shared/documents/schemas.ts';

/** The name field starts as the file's name without its extension. */
export const nameFromFile = (fileName: string) => fileName.replace(/\.[^./\\]+$/, '').trim() || fileName;

/**
 * The browser's checks of an upload, before anything is sent; the server checks again and looks
 * inside the file (a renamed text file passes here and is refused there).
 */
export function checkFile(file: File | null): string | null {
  if (!file || file.size === 0) return m.fileRequired;
  if (file.size > DOCUMENT_MAX_BYTES) return m.fileTooLarge;
  if (file.type !== PDF_MIME && !/\.pdf$/i.test(file.name)) return m.onlyPdf;
  return null;
}

export function checkName(name: string): string | null {
  const result = documentNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? m.nameRequired);
}
