import type { DocumentVerification } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';

/** POST /api/documents/check-hash: only the SHA-256 travels, never the file. 404: no signed match. */
export const checkDocumentHash = (sha256: string) =>
  api.post<DocumentVerification>('/api/documents/check-hash', { sha256 });
