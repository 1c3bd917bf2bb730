import { noContent } from '#shared/answers.ts';
import { idParam } from '#shared/api/common.ts';
import { apiSigningRequest } from '#shared/api/requests.ts';
import {
  apiTemplate,
  createTemplateBody,
  templateListQuery,
  templatePage,
  updateTemplateBody,
  useTemplateBody,
} from '#shared/api/templates.ts';
import { documentMessages } from '#shared/documents/messages.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import type { App } from '#server/app-types.ts';
import { notFound } from '#server/lib/outcomes.ts';
import { requestActor } from '../requests/audit.ts';
import { composeLimit } from '../requests/requests.routes.ts';
import { templateLimit, templateRefused, useRefused } from '../templates/templates.routes.ts';
import { decodeCursor, pageFrom } from './cursor.ts';
import { apiUser } from './v1.routes.ts';

const TAGS = ['Templates'];

/** Templates through the public API: the browser's, with a token. */
export function templatesV1(api: App) {
  api.get(
    '/templates',
    {
      config: { scope: 'documents:read' },
      schema: {
        tags: TAGS,
        operationId: 'listTemplates',
        summary: 'List templates, newest first, with their roles and fields',
        querystring: templateListQuery,
        response: { 200: templatePage },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      const after = decodeCursor(cursor);
      const rows = await api.templates.page(
        apiUser(req).id,
        after?.at ? { at: after.at, id: after.id } : null,
        limit,
      );
      return pageFrom(
        rows,
        limit,
        (t) => ({ id: t.id, at: t.createdAt }),
        (t) => t,
      );
    },
  );

  api.get(
    '/templates/:id',
    {
      config: { scope: 'documents:read' },
      schema: {
        tags: TAGS,
        operationId: 'getTemplate',
        summary: 'A template with its roles, fields and keys',
        params: idParam,
        response: { 200: apiTemplate },
      },
    },
    async (req) => {
      const t = await api.templates.get(apiUser(req).id, req.params.id);
      if (!t) throw notFound(m.notFound);
      return t;
    },
  );

  api.post(
    '/templates',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: TAGS,
        operationId: 'createTemplate',
        summary: 'Make a template from a document',
        description:
          "Copies the document's original file into a new template with the roles, fields and defaults " +
          'given (none: add them later with PATCH). The copy counts against the storage quota.',
        body: createTemplateBody,
        response: { 201: apiTemplate },
      },
      preHandler: templateLimit(api, apiUser),
    },
    async (req, reply) => {
      const { documentId, ...settings } = req.body;
      const r = await api.templates.fromDocument(apiUser(req).id, documentId, settings);
      if (r.kind === 'missing') throw notFound(documentMessages.notFound);
      if (r.kind !== 'ok') throw templateRefused(r);
      return reply.code(201).send(r.template);
    },
  );

  api.patch(
    '/templates/:id',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: TAGS,
        operationId: 'updateTemplate',
        summary: "Change a template's name, roles, fields or defaults",
        description: 'Roles and fields, when given, replace the old ones; the whole must keep the rules.',
        params: idParam,
        body: updateTemplateBody,
        response: { 200: apiTemplate },
      },
    },
    async (req) => {
      const r = await api.templates.update(apiUser(req).id, req.params.id, req.body);
      if (r.kind !== 'ok') throw templateRefused(r);
      return r.template;
    },
  );

  api.delete(
    '/templates/:id',
    {
      config: { scope: 'documents:write' },
      schema: {
        tags: TAGS,
        operationId: 'deleteTemplate',
        summary: 'Delete a template and its file',
        description: 'Requests made from it stay, with their own documents.',
        params: idParam,
        response: { 204: noContent },
      },
    },
    async (req, reply) => {
      if (!(await api.templates.delete(apiUser(req).id, req.params.id))) throw notFound(m.notFound);
      return reply.code(204).send(undefined);
    },
  );

  api.post(
    '/templates/:id/requests',
    {
      config: { scope: 'requests:write' },
      schema: {
        tags: TAGS,
        operationId: 'useTemplate',
        summary: 'Send a signing request from a template',
        description:
          "Copies the template's file into a new document and sends an ordinary signing request on it: " +
          'one recipient per role, keyed fields filled with `values` (shown to the recipient; read-only ' +
          'where the template says so). 409 `template_not_ready` or `template_file_missing` when it cannot be used.',
        params: idParam,
        body: useTemplateBody,
        response: { 201: apiSigningRequest },
      },
      preHandler: composeLimit(api, (req) => apiUser(req).id),
    },
    async (req, reply) => {
      const user = apiUser(req);
      const r = await api.templates.use(
        user,
        req.params.id,
        req.body,
        requestActor(user.name, user.email, req),
      );
      if (r.kind !== 'ok') throw useRefused(r);
      return reply.code(201).send(r.request);
    },
  );
}
