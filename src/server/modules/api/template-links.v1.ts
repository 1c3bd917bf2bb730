import { noContent } from '#shared/answers.ts';
import { idParam } from '#shared/api/common.ts';
import {
  apiSubmissionsPage,
  apiSubmissionsQuery,
  apiTemplateLink,
  templateLinkBody,
} from '#shared/api/template-links.ts';
import { linkMessages as lm } from '#shared/templates/links.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import type { App } from '#server/app-types.ts';
import { invalid, notFound } from '#server/lib/outcomes.ts';
import { apiUser } from './v1.routes.ts';

const TAGS = ['Templates'];

/** A template's public signing link through the public API: the browser's, with a token. */
export function templateLinksV1(api: App) {
  api.get(
    '/templates/:id/link',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: TAGS,
        operationId: 'getTemplateLink',
        summary: "A template's public signing link",
        description: '404 when the template has none.',
        params: idParam,
        response: { 200: apiTemplateLink },
      },
    },
    async (req) => {
      const r = await api.templateLinks.get(apiUser(req).id, req.params.id);
      if (r.kind === 'missing') throw notFound(m.notFound);
      if (!r.link) throw notFound(lm.notSetUp);
      return r.link;
    },
  );

  api.put(
    '/templates/:id/link',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: TAGS,
        operationId: 'setTemplateLink',
        summary: "Turn on a template's public signing link, or change its settings",
        description:
          'Any visitor of `/d/{slug}` fills the open role after confirming their e-mail address with a ' +
          'mailed code, and gets a request of their own; the other roles go to the people given. The ' +
          'first call makes the slug; later ones keep it.',
        params: idParam,
        body: templateLinkBody,
        response: { 200: apiTemplateLink },
      },
    },
    async (req) => {
      const r = await api.templateLinks.save(apiUser(req).id, req.params.id, req.body);
      if (r.kind === 'missing') throw notFound(m.notFound);
      if (r.kind === 'invalid')
        throw invalid(r.message, {
          code: 'validation_failed',
          issues: [{ path: r.path.join('.'), message: r.message }],
        });
      return r.link;
    },
  );

  api.delete(
    '/templates/:id/link',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: TAGS,
        operationId: 'deleteTemplateLink',
        summary: "Turn off a template's public signing link",
        description: 'Its address stops working; the requests it made stay.',
        params: idParam,
        response: { 204: noContent },
      },
    },
    async (req, reply) => {
      const r = await api.templateLinks.remove(apiUser(req).id, req.params.id);
      if (r === 'missing') throw notFound(m.notFound);
      if (r === 'none') throw notFound(lm.notSetUp);
      return reply.code(204).send(undefined);
    },
  );

  api.get(
    '/templates/:id/link/submissions',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: TAGS,
        operationId: 'listTemplateLinkSubmissions',
        summary: "The requests a template's public link made, newest first",
        params: idParam,
        querystring: apiSubmissionsQuery,
        response: { 200: apiSubmissionsPage },
      },
    },
    async (req) => {
      const r = await api.templateLinks.submissions(apiUser(req).id, req.params.id, req.query);
      if (!r) throw notFound(m.notFound);
      return r;
    },
  );
}
