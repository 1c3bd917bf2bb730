import type { FastifyRequest } from 'fastify';
import { DOCUMENT_MAX_BYTES } from '#shared/documents/schemas.ts';

export type ReadUpload =
  | { kind: 'ok'; name: string | undefined; file: { filename: string; bytes: Buffer } | undefined }
  | { kind: 'too-large' | 'malformed' };

/** Room for the multipart envelope and the name field around the file itself. */
export const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams a multipart upload into memory, stopping as soon as the file passes the limit: busboy
 * is allowed one byte more than the limit, and that byte ends the upload with 'too-large'.
 */
export async function readUpload(req: FastifyRequest): Promise<ReadUpload> {
  if (!req.isMultipart()) return { kind: 'malformed' };
  let name: string | undefined;
  let file: { filename: string; bytes: Buffer } | undefined;
  try {
    const parts = req.parts({
      limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 4096, parts: 20 },
      // Browsers send file names as raw UTF-8; busboy would read them as Latin-1.
      defParamCharset: 'utf8',
      // The plugin reads this per call too; its types only list it for registration.
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'name' && typeof part.value === 'string') name = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > DOCUMENT_MAX_BYTES) return { kind: 'too-large' };
        chunks.push(chunk);
      }
      file = { filename: part.filename ?? '', bytes: Buffer.concat(chunks, size) };
    }
  } catch (err) {
    return (err as { statusCode?: number }).statusCode === 413
      ? { kind: 'too-large' }
      : { kind: 'malformed' };
  }
  return { kind: 'ok', name, file };
}

/** A file name safe to store and show: no path, no control characters, bounded. */
export function cleanFilename(filename: string, fallback: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return clean || `${fallback.slice(0, 200)}.pdf`;
}
