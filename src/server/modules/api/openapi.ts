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
const SCHEMAS = '#/components/schemas/';

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

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer of each status when its schema says nothing of itself. */
const statusDescriptions: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '4XX': 'The request was refused: `{ message, code }` (see the error codes).',
  '5XX': 'The server failed or is unavailable: `{ message, code }`; the call may be retried.',
};

/** A file's bytes, as OpenAPI tools understand them (a download, or an upload field). */
const binary = (mediaType: string, text?: unknown): Json => ({
  type: 'string',
  format: 'binary',
  contentMediaType: mediaType,
  ...(typeof text === 'string' ? { description: text } : {}),
});

/**
 * A response schema as the document shows it: a file answer (`fileAnswer(mediaType)`) is bytes
 * of its media type rather than JSON, and "no content" has no body.
 */
function documentedResponse(status: string, schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  if (typeof schema.mediaType === 'string') {
    return {
      description: schema.description ?? statusDescriptions[status] ?? 'The file',
      content: { [schema.mediaType]: { schema: binary(schema.mediaType) } },
    };
  }
  const onlyNull = (s: unknown): boolean =>
    isObject(s) &&
    (s.type === 'null' || (Array.isArray(s.anyOf) && s.anyOf.length > 0 && s.anyOf.every(onlyNull)));
  if (status === '204' || onlyNull(schema)) return { type: 'null', description: statusDescriptions['204'] };
  return schema;
}

/** A multipart form's file fields (`fileAnswer(mediaType)`) as the bytes of their media type. */
function binaryFiles(form: Json) {
  const properties = isObject(form.properties) ? form.properties : {};
  for (const [name, field] of Object.entries(properties))
    if (isObject(field) && typeof field.mediaType === 'string')
      properties[name] = binary(field.mediaType, field.description);
}

/** Every `$ref` to a component, wherever it sits. */
function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMAS))
        into.add(item.slice(SCHEMAS.length));
      else collectRefs(item, into);
    }
}

/**
 * The finished document: components keep only what an operation refers to (zod's registry also
 * yields an input copy of every named schema, used only when a request body names it), without
 * the `$schema`/`$id` zod gives a standalone schema, and each response says what it is.
 */
function finishDocument(input: Json): Json {
  const strip = ({ $schema: _schema, $id: _id, ...rest }: Json): Json => rest;
  const usedIn = (value: unknown) => {
    const used = new Set<string>();
    collectRefs(value, used);
    for (let grown = true; grown;) {
      const before = used.size;
      for (const name of [...used]) collectRefs(schemas[name], used);
      grown = used.size !== before;
    }
    return used;
  };
  let doc = input;
  let schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  // A request body names the input copy (`DocumentUploadInput`); under its own name when nothing
  // else takes that name, or when both copies are the same.
  let text = JSON.stringify(doc);
  const renames: Array<[string, string]> = [];
  for (const name of usedIn(doc.paths)) {
    const base = name.endsWith('Input') ? name.slice(0, -'Input'.length) : null;
    if (!base || !schemas[base]) continue;
    const same = JSON.stringify(strip(schemas[base]!)) === JSON.stringify(strip(schemas[name]!));
    if (!same && usedIn(doc.paths).has(base)) continue;
    text = text.replaceAll(`"${SCHEMAS}${name}"`, `"${SCHEMAS}${base}"`);
    renames.push([name, base]);
  }
  doc = JSON.parse(text) as Json;
  const components = (doc.components ?? {}) as Json;
  schemas = { ...((components.schemas ?? {}) as Record<string, Json>) };
  for (const [name, base] of renames) schemas[base] = schemas[name]!;
  const used = usedIn(doc.paths);
  const kept: Record<string, Json> = {};
  for (const name of Object.keys(schemas).sort()) {
    if (!used.has(name)) continue;
    kept[name] = strip(schemas[name]!);
  }
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>))
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, response] of Object.entries(operation.responses))
        if (isObject(response) && response.description === 'Default Response')
          response.description = statusDescriptions[status] ?? 'The answer';
    }
  return { ...doc, components: { ...components, schemas: kept } };
}

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
          body: Json;
        };
        binaryFiles(form.body);
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
      if (isObject(schema.response))
        for (const [status, answer] of Object.entries(schema.response))
          schema.response[status] = documentedResponse(status, answer);
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
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Json),
  });
}

let cached: { app: App; doc: unknown } | null = null;
/** The document, built once per app (routes do not change after start). */
export function openApiDocument(app: App): unknown {
  if (cached?.app !== app) cached = { app, doc: app.swagger() };
  return cached.doc;
}
