import type { z } from 'zod';
import type { Errors } from '#web/lib/light-form.ts';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';

/**
 * A check with a shared zod schema that loads on the first check, not with the page (zod and the
 * schema modules are a chunk of their own). The message of a field is its first issue's, as
 * react-hook-form's zod resolver reports it on the signed-in forms.
 */
export function lazyZodCheck<S extends z.ZodType>(loadSchema: () => Promise<S>) {
  const load = reloadingOnMissingChunk(loadSchema);
  return async <V extends Record<keyof V, string>>(values: V) => {
    const parsed = (await load()).safeParse(values);
    if (parsed.success) return { values: parsed.data as z.output<S> };
    const errors: Errors<V> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.') as keyof V & string;
      errors[name] ??= { message: issue.message };
    }
    return { errors };
  };
}
