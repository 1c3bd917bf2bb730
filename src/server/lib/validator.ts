import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findNul, NUL_MESSAGE } from '#shared/text.ts';

type Result = { value?: unknown; error?: Error | import('fastify').FastifySchemaValidationError[] };

/** Fails with one issue at the path of the first NUL, in the shape the zod errors already have. */
const noNul = validatorCompiler({
  schema: z.unknown().superRefine((value, ctx) => {
    const path = findNul(value);
    if (path) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
  }),
  method: 'POST',
  url: '',
}) as (data: unknown) => Result;

/**
 * Every route's zod schema, plus one rule no schema has to remember: no text that reached a
 * route holds U+0000 (PostgreSQL refuses it with a 500, SQLite would store it).
 */
export const validatorWithoutNul: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => Result;
  // The walk alone runs on every request (the hot look-up too); the zod error only when it finds one.
  return (data) => {
    const parsed = validate(data);
    return parsed.error || findNul(parsed.value) === null ? parsed : noNul(parsed.value);
  };
};

type Part = 'params' | 'querystring' | 'body' | 'headers';

/**
 * A route's validator for hot routes: input that `accept` recognises as plainly valid (and already
 * in its parsed shape) passes without running zod; anything else goes through the full schema,
 * which alone decides what is refused and with which message. `accept` must never pass input
 * the schema would refuse or change.
 */
export function fastAccept<S>(
  accept: Partial<Record<Part, (data: unknown) => boolean>>,
): FastifySchemaCompiler<S> {
  return (route) => {
    const full = validatorWithoutNul(route as unknown as Parameters<typeof validatorWithoutNul>[0]);
    const quick = accept[route.httpPart as Part];
    if (!quick) return full;
    return (data) =>
      data !== null && typeof data === 'object' && quick(data) ? { value: data } : full(data);
  };
}

export function isEmptyObject(data: unknown) {
  for (const _ in data as object) return false;
  return true;
}
