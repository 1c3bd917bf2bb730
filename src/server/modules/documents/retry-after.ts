import type { FastifyRequest } from 'fastify';
import { Outcome, throttled } from '#server/lib/outcomes.ts';

/**
 * A route limit whose 429 also names the wait in its answer (`retryAfter`, in seconds) beside the
 * Retry-After header: a page words the wait from the answer it already holds.
 */
export function answeringRetryAfter(limit: (req: FastifyRequest) => Promise<void>) {
  return async (req: FastifyRequest) => {
    try {
      await limit(req);
    } catch (err) {
      if (err instanceof Outcome && err.kind === 'throttled' && err.retryAfter !== undefined)
        throw throttled(err.message, err.retryAfter, { ...err.fields, retryAfter: err.retryAfter });
      throw err;
    }
  };
}
