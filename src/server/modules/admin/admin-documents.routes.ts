import { documentCounts } from '#shared/admin/answers.ts';
import type { App } from '#server/app-types.ts';
import type { AdminDocumentsService } from './admin-documents.service.ts';

/** /api/admin/documents… (under the admin prefix and guard); adds the certificate to diagnostics. */
export function adminDocumentRoutes(app: App, documents: AdminDocumentsService) {
  app.diagnosticSources.push(documents.certificate);

  app.get('/documents/summary', { schema: { response: { 200: documentCounts } } }, async () =>
    documents.counts(),
  );
}
