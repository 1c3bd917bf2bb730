import { messageAnswer } from '#shared/answers.ts';
import { adminSignature, adminSignatureDetail, paged } from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { adminSignaturesQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { actorOf } from './actor.ts';
import type { AdminSignaturesService } from './admin-signatures.service.ts';

/** /api/admin/signatures… (registered under the admin prefix and guard). */
export function adminSignatureRoutes(app: App, signatures: AdminSignaturesService) {
  app.get(
    '/signatures',
    { schema: { querystring: adminSignaturesQuery, response: { 200: paged(adminSignature) } } },
    async (req) => signatures.list(req.query),
  );

  app.get(
    '/signatures/:id',
    { schema: { params: idParams, response: { 200: adminSignatureDetail } } },
    async (req) => {
      const found = await signatures.detail(req.params.id);
      if (!found) throw notFound(m.signatureNotFound);
      return found;
    },
  );

  app.delete(
    '/signatures/:id',
    { schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      const reference = await signatures.delete(actorOf(req), req.params.id);
      if (reference === undefined) throw notFound(m.signatureNotFound);
      return { message: m.signatureDeleted(reference) };
    },
  );
}
