import type { AdminSignature, AdminSignatureDetail, Message } from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { adminSignaturesQuery, type Paged } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import { actorOf } from './actor.ts';
import type { AdminSignaturesService } from './admin-signatures.service.ts';

const notFound = { message: m.signatureNotFound };

/** /api/admin/signatures… (registered under the admin prefix and guard). */
export function adminSignatureRoutes(app: App, signatures: AdminSignaturesService) {
  app.get(
    '/signatures',
    { schema: { querystring: adminSignaturesQuery } },
    async (req) => (await signatures.list(req.query)) satisfies Paged<AdminSignature>,
  );

  app.get('/signatures/:id', { schema: { params: idParams } }, async (req, reply) => {
    const found = await signatures.detail(req.params.id);
    return found ? (found satisfies AdminSignatureDetail) : reply.code(404).send(notFound);
  });

  app.delete('/signatures/:id', { schema: { params: idParams } }, async (req, reply) => {
    const reference = await signatures.delete(actorOf(req), req.params.id);
    if (reference === undefined) return reply.code(404).send(notFound);
    return { message: m.signatureDeleted(reference) } satisfies Message;
  });
}
