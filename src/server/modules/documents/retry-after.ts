import type { FastifyRequest } from 'fastify';
import { Outcome, throttled } from '#server/lib/outcomes.ts';

/**
 * A route limit whose 429 also names the wait in the answer (`retryAfter`, in seconds) beside
 * the Retry-After header, as these limits always have: the web app words the wait from it.
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
