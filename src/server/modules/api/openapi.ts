import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorCodes } from '#shared/api/errors.ts';
import { API_SCOPES, scopeDescriptions } from '#shared/api/scopes.ts';
import type { App } from '#server/app-types.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The parts of a multipart/form-data body a route also takes beside its JSON body (read by the
     * handler, so only documented): the OpenAPI document lists both forms.
     */
    multipart?: unknown;
  }
}

const PREFIX = '/api/v1/';

const description = `Inkproof's public API: upload documents, send them for signature, follow them to the
end, and hear about it by webhook or from the events feed.

Authenticate with a token from Settings > API: \`Authorization: Bearer ink_…\`. Each route names the
scope it needs. Every POST honours \`Idempotency-Key\`: the same key and body within 24 hours return
the first answer. Lists page with \`cursor\` (the previous page's \`nextCursor\`) and \`limit\`.
Calls per token are limited; every answer carries \`RateLimit-Policy\` and \`RateLimit\`, and a 429
carries \`Retry-After\`.

Errors are \`{ "message", "code" }\`. Codes:

${Object.entries(apiErrorCodes)
  .map(([code, text]) => `- \`${code}\`: ${text}`)
  .join('\n')}`;

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the same zod schemas the routes validate
 * and answer with. Registered before the routes, so it sees each one as it is added; the
 * browser's own routes are left out.
 */
export async function registerOpenApi(app: App, version: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Inkproof API', version, description },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          token: {
            type: 'http',
            scheme: 'bearer',
            description: `An API token. Scopes: ${API_SCOPES.map((s) => `\`${s}\` (${scopeDescriptions[s]})`).join(', ')}.`,
          },
        },
      },
      security: [{ token: [] }],
    },
    transform: (input) => {
      if (!input.url.startsWith(PREFIX) || input.schema?.hide)
        return { schema: { hide: true }, url: input.url };
      const { multipart, ...routeSchema } = input.schema ?? {};
      const out = jsonSchemaTransform({ ...input, schema: routeSchema });
      if (multipart) {
        const form = jsonSchemaTransform({ ...input, schema: { body: multipart } }).schema as {
          body: unknown;
        };
        const body = (out.schema as { body?: unknown }).body;
        (out.schema as { body?: unknown }).body = {
          content: {
            ...(body ? { 'application/json': { schema: body } } : {}),
            'multipart/form-data': { schema: form.body },
          },
        };
      }
      const config = input.route.config as
        { public?: boolean; scope?: string | readonly string[] } | undefined;
      const schema = out.schema as Record<string, unknown>;
      if (config?.public) schema.security = [];
      else if (typeof config?.scope === 'string') {
        schema.security = [{ token: [config.scope] }];
        schema['x-scope'] = config.scope;
      } else if (config?.scope) {
        // Any one of them: each is an alternative requirement.
        schema.security = config.scope.map((s) => ({ token: [s] }));
        schema['x-scope'] = [...config.scope];
      }
      return out;
    },
    transformObject: jsonSchemaTransformObject,
  });
}

let cached: { app: App; doc: unknown } | null = null;
/** The document, built once per app (routes do not change after start). */
export function openApiDocument(app: App): unknown {
  if (cached?.app !== app) cached = { app, doc: app.swagger() };
  return cached.doc;
}
