import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { App } from '../app-types.ts';
import { openApiDocument } from '../modules/api/openapi.ts';

type Json = Record<string, any>;

interface Declared {
  /** JSON answers: their compiled schema. */
  validate?: ValidateFunction;
  /** A file answer: its media type. */
  mediaType?: string;
  /** No content. */
  empty?: boolean;
}

interface Operations {
  doc: Json;
  paths: Array<{ pattern: RegExp; path: string }>;
  ajv: InstanceType<typeof Ajv2020>;
  compiled: Map<string, Declared>;
}

const byApp = new WeakMap<App, Operations>();

function operationsOf(app: App): Operations {
  let ops = byApp.get(app);
  if (ops) return ops;
  const doc = openApiDocument(app) as Json;
  // The components once, under a name each operation's schema refers to.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'inkproof:components', $defs: toComponents(doc.components?.schemas ?? {}) });
  const paths = Object.keys(doc.paths ?? {}).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  ops = { doc, paths, ajv, compiled: new Map() };
  byApp.set(app, ops);
  return ops;
}

const toComponents = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"inkproof:components#/$defs/'));

/**
 * Checks an /api/v1 answer against the document's declared response for its path, method and
 * status: a JSON body against its schema, a file against its media type, no content as empty.
 * Returns what is wrong, or null. Paths the document does not list (unknown routes answering
 * 404, the document itself) are not checked.
 */
export function answerProblem(
  app: App,
  method: string,
  url: string,
  status: number,
  contentType: string | undefined,
  body: string,
): string | null {
  const pathname = url.split('?')[0]!;
  if (!pathname.startsWith('/api/v1/')) return null;
  const ops = operationsOf(app);
  const path = ops.paths.find((p) => p.pattern.test(pathname))?.path;
  const operation = path ? ops.doc.paths[path][method.toLowerCase()] : undefined;
  if (!path || !operation) return null;
  const name = `${method} ${path} ${status}`;
  const responses = operation.responses as Json;
  const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k]);
  if (!key) return `${name}: the status is not declared (declared: ${Object.keys(responses).join(', ')})`;

  const cacheKey = `${method} ${path} ${key}`;
  let declared = ops.compiled.get(cacheKey);
  if (!declared) {
    const content = responses[key].content as Json | undefined;
    const json = content?.['application/json'];
    if (!content) declared = { empty: true };
    else if (json) declared = { validate: ops.ajv.compile(toComponents(json.schema ?? {}) as object) };
    else declared = { mediaType: Object.keys(content)[0]! };
    ops.compiled.set(cacheKey, declared);
  }

  const type = (contentType ?? '').split(';')[0]!.trim();
  if (declared.empty) return body === '' ? null : `${name}: declared without content, but a body was sent`;
  if (declared.mediaType)
    return type === declared.mediaType
      ? null
      : `${name}: sent ${type || 'no type'}, declared ${declared.mediaType}`;
  if (type !== 'application/json') return `${name}: sent ${type || 'no type'}, declared application/json`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${name}: the body is not JSON`;
  }
  if (declared.validate!(parsed)) return null;
  const errors = (declared.validate!.errors ?? [])
    .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`)
    .join('; ');
  return `${name}: the answer does not match its declared schema: ${errors}\n${body.slice(0, 500)}`;
}
