import { apiDocument, documentListQuery, documentPage } from '#shared/api/documents.ts';
import type { App } from '#server/app-types.ts';
import { decodeCursor, pageFrom } from './cursor.ts';
import { apiUser } from './v1.routes.ts';

/** Documents through the public API: the same service as the browser's routes. */
export function documentsV1(api: App) {
  api.get(
    '/documents',
    {
      config: { scope: 'documents:read' },
      schema: {
        tags: ['Documents'],
        operationId: 'listDocuments',
        summary: 'List documents, newest first',
        querystring: documentListQuery,
        response: { 200: documentPage },
      },
    },
    async (req) => {
      const { cursor, limit, status, name } = req.query;
      const before = decodeCursor(cursor)?.id ?? null;
      const rows = await api.documents.page(apiUser(req).id, { before, limit, status, name });
      return pageFrom(
        rows,
        limit,
        (d) => ({ id: d.id }),
        (d) => apiDocument.parse(d),
      );
    },
  );
}
