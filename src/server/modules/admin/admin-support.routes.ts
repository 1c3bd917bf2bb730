import type { SupportMessages } from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { pageQuery, readFlagSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { SupportService } from './support.service.ts';

/** /api/admin/support-messages… (under the admin prefix and guard). */
export function adminSupportRoutes(app: App, support: SupportService) {
  app.get(
    '/support-messages',
    { schema: { querystring: pageQuery } },
    async (req) => (await support.list(req.query)) satisfies SupportMessages,
  );

  app.patch(
    '/support-messages/:id',
    { schema: { params: idParams, body: readFlagSchema } },
    async (req, reply) => {
      if (!(await support.setRead(req.params.id, req.body.read)))
        return reply.code(404).send({ message: m.supportMessageNotFound });
      return { read: req.body.read };
    },
  );
}
