import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageAnswer } from '#shared/answers.ts';
import { documentMessages } from '#shared/documents/messages.ts';
import { DOCUMENT_MAX_BYTES } from '#shared/documents/schemas.ts';
import { requestAnswer } from '#shared/requests/answers.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import { template, templateAnswer, templateListAnswer } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import {
  templateFromDocumentSchema,
  templateListQuery,
  templateNameSchema,
  templatePatchSchema,
  useTemplateSchema,
} from '#shared/templates/schemas.ts';
import type { App } from '#server/app-types.ts';
import type { UserRow } from '#server/db/schema.ts';
import { conflict, invalid, notFound, tooLarge, unavailable, type Outcome } from '#server/lib/outcomes.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { pdfAnswer, pdfHeaders, sendPdf } from '../documents/documents.routes.ts';
import { checkRoom, refused, refuseDeclaredOversize, uploadLimit } from '../documents/upload.routes.ts';
import { ENVELOPE_BYTES, cleanFilename, readUpload } from '../documents/upload.ts';
import { PoolBusyError } from '../pdf/pdf-pool.ts';
import { requestActor } from '../requests/audit.ts';
import { composeLimit } from '../requests/requests.routes.ts';
import { idParams } from '../signatures/signatures.routes.ts';
import type { TemplateOutcome, UseOutcome } from './templates.service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Templates a user may make per hour (from uploads, documents or copies). */
export const TEMPLATES_PER_HOUR = 100;

/** A rule broken at `path`: named as the browser's forms and the API's schema issues both read it. */
const invalidAt = (message: string, path?: (string | number)[]) =>
  path
    ? invalid(message, {
        path,
        code: 'validation_failed',
        issues: [{ path: path.join('.'), message }],
      })
    : invalid(message);

/** A template that could not be made or changed, as an outcome. */
export function templateRefused(
  r: Exclude<TemplateOutcome, { kind: 'ok' }> | { kind: 'file-missing' },
): Outcome {
  switch (r.kind) {
    case 'missing':
      return notFound(m.notFound);
    case 'file-missing':
      return conflict(m.fileMissing, { code: 'template_file_missing' });
    case 'invalid':
      return invalidAt(r.message, r.path);
    case 'over-quota':
      return refused(r);
  }
}

/** A use that sent nothing, as an outcome. */
export function useRefused(r: Exclude<UseOutcome, { kind: 'ok' }>): Outcome {
  switch (r.kind) {
    case 'missing':
      return notFound(m.notFound);
    case 'file-missing':
      return conflict(m.fileMissing, { code: 'template_file_missing' });
    case 'not-ready':
      return conflict(r.message, { code: 'template_not_ready' });
    case 'invalid':
      return invalidAt(r.message, r.path);
    case 'over-quota':
      return refused(r);
    case 'document-state':
      return conflict(r.message, { code: 'document_not_pending' });
    case 'busy':
      return unavailable(requestMessages.busy, 30);
  }
}

export const templateLimit = (app: App, userOf: (req: FastifyRequest) => UserRow) =>
  rateLimit(app, {
    key: (req) => `template:user:${userOf(req).id}`,
    max: () => TEMPLATES_PER_HOUR,
    windowMs: HOUR_MS,
    message: m.tooManyTemplates,
    retryAfterInBody: true,
  });

/** A PDF read from a multipart body, checked as a document upload is, made into a template. */
export async function templateFromUpload(app: App, req: FastifyRequest, user: UserRow) {
  const declared = Number(req.headers['content-length']);
  await checkRoom(app, req, user, declared > 0 ? declared - ENVELOPE_BYTES : 1);
  const upload = await readUpload(req);
  if (upload.kind !== 'ok')
    throw upload.kind === 'too-large'
      ? tooLarge(documentMessages.fileTooLarge)
      : invalid(documentMessages.uploadMalformed);
  const bytes = upload.file?.bytes ?? Buffer.alloc(0);
  const name = templateNameSchema.safeParse(upload.name ?? '');
  if (!name.success) throw invalid(name.error.issues[0]!.message);
  if (bytes.length === 0) throw invalid(documentMessages.fileRequired);
  if (bytes.length > DOCUMENT_MAX_BYTES) throw tooLarge(documentMessages.fileTooLarge);
  let made;
  try {
    made = await app.templates.fromUpload(user, {
      name: name.data,
      filename: cleanFilename(upload.file?.filename ?? '', name.data),
      bytes,
    });
  } catch (err) {
    if (err instanceof PoolBusyError) throw unavailable(documentMessages.busy, 30);
    throw err;
  }
  if (made.kind !== 'ok') throw refused(made);
  return made.template;
}

/** Templates in the browser: make (from an upload or a document), list, edit, copy, delete, use. */
export function templateRoutes(app: App) {
  const made = templateLimit(app, currentUser);
  const uploads = uploadLimit(app, currentUser);

  // Multipart parsing exists only inside this scope, as for document uploads.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    scope.post(
      '/api/templates',
      {
        onRequest: [requireUser, refuseDeclaredOversize],
        preHandler: [made, uploads],
        schema: { response: { 201: templateAnswer } },
      },
      async (req, reply) => {
        const t = await templateFromUpload(app, req, currentUser(req));
        return reply.code(201).send({ message: m.created, template: t });
      },
    );
  });

  app.post(
    '/api/documents/:id/template',
    {
      onRequest: requireUser,
      preHandler: made,
      schema: { params: idParams, body: templateFromDocumentSchema, response: { 201: templateAnswer } },
    },
    async (req, reply) => {
      const r = await app.templates.fromDocument(currentUser(req).id, req.params.id, req.body);
      if (r.kind === 'missing') throw notFound(documentMessages.notFound);
      if (r.kind !== 'ok') throw templateRefused(r);
      return reply.code(201).send({ message: m.created, template: r.template });
    },
  );

  app.get(
    '/api/templates',
    {
      onRequest: requireUser,
      schema: { querystring: templateListQuery, response: { 200: templateListAnswer } },
    },
    (req) => app.templates.list(currentUser(req).id, req.query),
  );

  app.get(
    '/api/templates/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: z.object({ template }) } } },
    async (req) => {
      const t = await app.templates.get(currentUser(req).id, req.params.id);
      if (!t) throw notFound(m.notFound);
      return { template: t };
    },
  );

  app.get(
    '/api/templates/:id/file',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: pdfAnswer } }, ...pdfHeaders },
    async (req, reply) => {
      const file = await app.templates.file(currentUser(req).id, req.params.id);
      if (!file) throw notFound(m.notFound);
      return sendPdf(reply, file, 'inline');
    },
  );

  app.patch(
    '/api/templates/:id',
    {
      onRequest: requireUser,
      schema: { params: idParams, body: templatePatchSchema, response: { 200: templateAnswer } },
    },
    async (req) => {
      const r = await app.templates.update(currentUser(req).id, req.params.id, req.body);
      if (r.kind !== 'ok') throw templateRefused(r);
      return { message: m.created, template: r.template };
    },
  );

  app.post(
    '/api/templates/:id/duplicate',
    {
      onRequest: requireUser,
      preHandler: made,
      schema: { params: idParams, response: { 201: templateAnswer } },
    },
    async (req, reply) => {
      const r = await app.templates.duplicate(currentUser(req).id, req.params.id);
      if (r.kind !== 'ok') throw templateRefused(r);
      return reply.code(201).send({ message: m.created, template: r.template });
    },
  );

  app.delete(
    '/api/templates/:id',
    { onRequest: requireUser, schema: { params: idParams, response: { 200: messageAnswer } } },
    async (req) => {
      if (!(await app.templates.delete(currentUser(req).id, req.params.id))) throw notFound(m.notFound);
      return { message: m.deleted };
    },
  );

  app.post(
    '/api/templates/:id/requests',
    {
      onRequest: requireUser,
      preHandler: composeLimit(app, (req) => currentUser(req).id),
      schema: { params: idParams, body: useTemplateSchema, response: { 201: requestAnswer } },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const r = await app.templates.use(
        user,
        req.params.id,
        req.body,
        requestActor(user.name, user.email, req),
      );
      if (r.kind !== 'ok') throw useRefused(r);
      return reply.code(201).send({ request: r.request });
    },
  );
}
