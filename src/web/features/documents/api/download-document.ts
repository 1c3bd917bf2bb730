import { ApiError, apiFetch, errorMessage, readBody } from '#web/lib/api.ts';
import { dispositionName, saveFile } from '#web/lib/save-file.ts';
import { pdfFileName } from '../lib/file-names.ts';

/**
 * GET /api/documents/{id}/download (the signed version once signed), saved under the name the
 * server gives it, else the document's name.
 */
export async function downloadDocument(doc: { id: number; name: string }) {
  const response = await apiFetch('GET', `/api/documents/${doc.id}/download`);
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(errorMessage(response, body), response.status, body.json);
  }
  const name = dispositionName(response.headers.get('content-disposition')) ?? pdfFileName(doc.name);
  saveFile(await response.blob(), name);
}
