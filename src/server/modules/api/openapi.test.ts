import diagnostics from 'node:diagnostics_channel';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { fileAnswer, noContent } from '#shared/answers.ts';
import { apiError, idParam } from '#shared/api/common.ts';
import type { App } from '#server/app-types.ts';
import { answerProblem } from '#server/test/api-answers.ts';
import { apiUser } from '#server/test/api.ts';
import { testApp, type TestContext } from '#server/test/test-app.ts';
import { openApiDocument, registerOpenApi } from './openapi.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  'x-scope'?: string | string[];
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: any }> }>;
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, any> };
};

interface Route {
  method: string;
  url: string;
  config: { scope?: string | readonly string[]; public?: boolean };
}

/** A test app and every route Fastify registers in it, in every plugin (see route-guards.test.ts). */
async function appWithRoutes() {
  const routes: Route[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const onCreated = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (options: RouteOptions) => {
      for (const method of [options.method].flat())
        routes.push({ method, url: options.url, config: (options.config ?? {}) as Route['config'] });
    });
  };
  channel.subscribe(onCreated);
  try {
    return { ctx: await testApp(), routes };
  } finally {
    channel.unsubscribe(onCreated);
  }
}

/** `/api/v1/documents/:id` as the document writes it: `/api/v1/documents/{id}`. */
const documentPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

async function validate(doc: unknown) {
  const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
  return result.valid ? [] : result.errors;
}

describe('the document of the app as built', () => {
  let ctx: TestContext;
  let routes: Route[];
  let doc: Doc;
  beforeAll(async () => {
    ({ ctx, routes } = await appWithRoutes());
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => ctx.close());

  const v1Routes = () =>
    routes.filter(
      (r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD' && r.url !== '/api/v1/openapi.json',
    );
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );

  test('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(await validate(doc)).toEqual([]);
  });

  test('lists every /api/v1 route Fastify registers, with its method, and nothing else', () => {
    const registered = v1Routes().map((r) => `${r.method.toLowerCase()} ${documentPath(r.url)}`);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered).toContain('get /api/v1/documents');
    const documented = operations().map(({ path, method }) => `${method} ${path}`);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  test('every operation has a unique operationId, a summary, a tag, its security and its x-scope', () => {
    const ids = new Set<string>();
    for (const r of v1Routes()) {
      const name = `${r.method} ${r.url}`;
      const op = doc.paths[documentPath(r.url)]?.[r.method.toLowerCase()];
      expect(op, name).toBeDefined();
      expect(op!.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(op!.operationId!), `${name}: operationId ${op!.operationId} used twice`).toBe(false);
      ids.add(op!.operationId!);
      expect(op!.summary, name).toBeTruthy();
      expect(op!.tags?.length, name).toBeGreaterThan(0);
      if (r.config.public) {
        expect(op!.security, name).toEqual([]);
        expect(op!['x-scope'], name).toBeUndefined();
      } else {
        expect(r.config.scope, `${name} names no scope`).toBeTruthy();
        // one scope, or any one of a list (each its own security requirement)
        const scopes = [r.config.scope!].flat();
        expect(op!['x-scope'], name).toEqual(r.config.scope);
        expect(op!.security, name).toEqual(scopes.map((scope) => ({ token: [scope] })));
      }
    }
  });

  test('errors refer to the one Error component; named schemas are components', () => {
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['message', 'code'] });
    expect(doc.components.schemas.DocumentPage).toBeDefined();
    for (const { path, method, op } of operations()) {
      for (const status of ['4XX', '5XX'])
        expect(op.responses[status]?.content, `${method} ${path} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        });
      for (const [status, response] of Object.entries(op.responses))
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
    }
    // A component is there because something refers to it, and it is a plain schema.
    const text = JSON.stringify(doc);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
      expect(schema.$id, name).toBeUndefined();
    }
  });

  test('API test answers are checked against it', async () => {
    const { api } = await apiUser(ctx.app, ['documents:read']);
    expect((await api.get('/api/v1/documents')).statusCode).toBe(200);
    expect((await api.get('/api/v1/documents?limit=0')).statusCode).toBe(400);
    api.token = 'ink_nope';
    expect((await api.get('/api/v1/documents')).statusCode).toBe(401);
  });

  test('is built once and served as is', () => {
    expect(openApiDocument(ctx.app)).toBe(openApiDocument(ctx.app));
  });
});

describe('how a route is documented', () => {
  let app: FastifyInstance;
  let doc: Doc;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app as unknown as App, '1.2.3');
    const errors = { '4XX': apiError, '5XX': apiError };
    app.get(
      '/api/v1/things/:id/file',
      {
        config: { scope: 'documents:read' },
        schema: {
          tags: ['Things'],
          operationId: 'downloadThing',
          summary: 'Download a thing',
          params: idParam,
          response: { 200: fileAnswer('application/pdf'), ...errors },
        },
      },
      async () => Buffer.from('%PDF-'),
    );
    app.post(
      '/api/v1/things',
      {
        config: { scope: 'documents:write' },
        schema: {
          tags: ['Things'],
          operationId: 'uploadThing',
          summary: 'Upload a thing',
          multipart: z.object({
            file: fileAnswer('application/pdf'),
            name: z.string().max(200).optional().describe('The name to show'),
          }),
          response: { 201: z.object({ id: z.number() }), ...errors },
        },
      },
      async () => ({ id: 1 }),
    );
    app.delete(
      '/api/v1/things/:id',
      {
        config: { scope: 'documents:write' },
        schema: {
          tags: ['Things'],
          operationId: 'deleteThing',
          summary: 'Delete a thing',
          params: idParam,
          response: { 204: noContent, ...errors },
        },
      },
      async (_req, reply) => reply.code(204).send(),
    );
    app.get(
      '/api/v1/verify',
      {
        config: { public: true },
        schema: {
          tags: ['Verification'],
          operationId: 'verify',
          summary: 'Verify',
          response: { 200: z.object({ ok: z.boolean() }), ...errors },
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/api/elsewhere', { schema: { response: { 200: z.object({}) } } }, async () => ({}));
    await app.ready();
    doc = app.swagger() as unknown as Doc;
  });
  afterAll(() => app.close());

  test('a file answer is bytes of its media type, not JSON', () => {
    const op = doc.paths['/api/v1/things/{id}/file']!.get!;
    expect(op.responses['200']).toEqual({
      description: 'The file itself (application/pdf)',
      content: {
        'application/pdf': {
          schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' },
        },
      },
    });
  });

  test('a multipart route declares its form as a multipart/form-data body, files as binary', () => {
    const op = doc.paths['/api/v1/things']!.post!;
    expect(Object.keys(op.requestBody!.content)).toEqual(['multipart/form-data']);
    const form = op.requestBody!.content['multipart/form-data']!.schema;
    expect(form.required).toEqual(['file']);
    expect(form.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.name).toMatchObject({
      type: 'string',
      maxLength: 200,
      description: 'The name to show',
    });
    expect(op.responses['201']!.description).toBe('Created');
  });

  test('no content has no body; a public route has empty security and no scope', async () => {
    const deleted = doc.paths['/api/v1/things/{id}']!.delete!;
    expect(deleted.responses['204']).toEqual({ description: 'No content' });
    expect(deleted['x-scope']).toBe('documents:write');
    const verify = doc.paths['/api/v1/verify']!.get!;
    expect(verify.security).toEqual([]);
    expect(verify['x-scope']).toBeUndefined();
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/things',
      '/api/v1/things/{id}',
      '/api/v1/things/{id}/file',
      '/api/v1/verify',
    ]);
    expect(await validate(doc)).toEqual([]);
  });

  test('an answer off its declared schema, media type or status is reported, naming the route', () => {
    const check = (method: string, url: string, status: number, type: string | undefined, body: string) =>
      answerProblem(app as unknown as App, method, url, status, type, body);
    expect(check('GET', '/api/v1/things/5/file', 200, 'application/pdf', '%PDF-')).toBeNull();
    expect(check('GET', '/api/v1/things/5/file', 200, 'application/json', '{}')).toMatch(
      'GET /api/v1/things/{id}/file 200: sent application/json, declared application/pdf',
    );
    expect(check('POST', '/api/v1/things', 201, 'application/json; charset=utf-8', '{"id":1}')).toBeNull();
    expect(check('POST', '/api/v1/things', 201, 'application/json', '{"id":"1"}')).toMatch(
      /POST \/api\/v1\/things 201: the answer does not match its declared schema: \/id must be number/,
    );
    expect(check('POST', '/api/v1/things', 200, 'application/json', '{"id":1}')).toMatch(
      'POST /api/v1/things 200: the status is not declared (declared: 201, 4XX, 5XX)',
    );
    expect(check('DELETE', '/api/v1/things/5', 204, undefined, '')).toBeNull();
    expect(
      check('DELETE', '/api/v1/things/5', 404, 'application/json', '{"message":"x","code":"not_found"}'),
    ).toBeNull();
    expect(
      check('DELETE', '/api/v1/things/5', 404, 'application/json', '{"message":"x","code":"nope"}'),
    ).toMatch('/code must be equal to one of the allowed values');
    // not in the document: the not-found handler's answer, and the browser's routes
    expect(check('GET', '/api/v1/nothing', 404, 'application/json', '{}')).toBeNull();
    expect(check('GET', '/api/elsewhere', 200, 'text/html', '')).toBeNull();
  });
});
