import type { DocumentVerification } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';

/** GET /api/documents/reference/{ref}: what the QR code on a signed PDF leads to. */
export const getDocumentByReference = (reference: string, signal?: AbortSignal) =>
  api.get<DocumentVerification>(`/api/documents/reference/${encodeURIComponent(reference)}`, { signal });
