import { readFlagAnswer, supportMessages } from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { pageQuery, readFlagSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { SupportService } from './support.service.ts';

/** /api/admin/support-messages… (under the admin prefix and guard). */
export function adminSupportRoutes(app: App, support: SupportService) {
  app.get(
    '/support-messages',
    { schema: { querystring: pageQuery, response: { 200: supportMessages } } },
    async (req) => support.list(req.query),
  );

  app.patch(
    '/support-messages/:id',
    { schema: { params: idParams, body: readFlagSchema, response: { 200: readFlagAnswer } } },
    async (req) => {
      if (!(await support.setRead(req.params.id, req.body.read))) throw notFound(m.supportMessageNotFound);
      return { read: req.body.read };
    },
  );
}
