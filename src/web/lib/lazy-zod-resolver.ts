import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';

type Schema = z.ZodType<FieldValues, FieldValues>;

const loadZodResolver = reloadingOnMissingChunk(() => import('@hookform/resolvers/zod'));

/**
 * A react-hook-form resolver checking with a shared zod schema that loads on the first check, not
 * with the page: zod and the schema modules are a chunk the public pages' first load does not
 * carry. The check itself is `@hookform/resolvers/zod`'s, so messages are the schema's own.
 * react-hook-form awaits resolvers, so a submit before the chunk has arrived waits for it.
 */
export function lazyZodResolver<S extends Schema>(
  loadSchema: () => Promise<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  const load = () =>
    (ready ??= Promise.all([loadZodResolver(), reloadingOnMissingChunk(loadSchema)()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>,
      (error: unknown) => {
        ready = null; // the next check tries again
        throw error;
      },
    ));
  return async (values, context, options) => (await load())(values, context, options);
}
