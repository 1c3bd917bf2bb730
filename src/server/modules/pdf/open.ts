import { PDF } from '@libpdf/core';
import { DamagedPdfError } from './last-xref.ts';

export type Opened = { kind: 'ok'; pdf: PDF } | { kind: 'not-pdf' | 'encrypted' | 'damaged' | 'empty' };

/** `%PDF-` within the first 1024 bytes, as readers accept it. */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes('%PDF-');
}

function mentionsEncrypt(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes('/Encrypt');
}

/**
 * A file found broken while reading it: ours (the revision writer's chaining) or @libpdf/core's,
 * whose parse errors are not exported classes but have stable names.
 */
export const isParseError = (err: unknown) =>
  err instanceof DamagedPdfError ||
  (err instanceof Error &&
    [
      'XRefParseError',
      'ObjectParseError',
      'StructureError',
      'UnrecoverableParseError',
      'RecoverableParseError',
    ].includes(err.name));

/**
 * Loads a PDF with the guards @libpdf/core 0.4.2 needs. Parsing is strict: lenient
 * mode only adds brute-force recovery, whose files we refuse anyway (they would be rewritten whole),
 * and its recovery loops forever on a stray ')' or '}' in object syntax (2 KB of garbage ran a
 * worker out of memory). Encrypted files are refused; /Encrypt is also looked for by hand in case
 * opening fails before the library can tell.
 */
export async function openPdf(bytes: Uint8Array, opts: { checkPages?: boolean } = {}): Promise<Opened> {
  if (!hasPdfHeader(bytes)) return { kind: 'not-pdf' };
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes, { lenient: false });
  } catch (err) {
    // Parse errors are not exported classes; anything thrown while opening means unreadable.
    if (mentionsEncrypt(bytes)) return { kind: 'encrypted' };
    if (!(err instanceof Error)) throw err;
    return { kind: 'damaged' };
  }
  if (pdf.isEncrypted) return { kind: 'encrypted' };
  if (pdf.recoveredViaBruteForce) return { kind: mentionsEncrypt(bytes) ? 'encrypted' : 'damaged' };
  try {
    const pages = pdf.getPages();
    if (pages.length === 0) return { kind: 'empty' };
    // Signing reads these on every page it touches: a broken one must fail the upload, not the signing.
    if (opts.checkPages)
      for (const page of pages)
        for (const key of ['Resources', 'Contents', 'Annots'])
          page.dict.get(key, (ref) => pdf.getObject(ref));
  } catch (err) {
    if (isParseError(err)) return { kind: 'damaged' };
    throw err;
  }
  return { kind: 'ok', pdf };
}
