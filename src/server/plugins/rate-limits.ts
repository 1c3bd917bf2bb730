import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types.ts';
import type { SecurityLimits } from '../lib/limits.ts';
import { throttled } from '../lib/outcomes.ts';
import { retryAfterSeconds } from '../lib/rate-limiter.ts';

/** One counter a route counts its calls on. */
export interface RouteLimit {
  /** The counter for this request (`upload:user:7`), or null when the limit does not apply to it. */
  key: (req: FastifyRequest) => string | null;
  /** Calls allowed within the window; read on every call, so an admin's change applies at once. */
  max: (limits: SecurityLimits) => number;
  windowMs: number | ((limits: SecurityLimits) => number);
  /** The 429's message. */
  message: string;
  /** Also send the wait in the body as `retryAfter`, for forms that word it ("try again in 4 minutes"). */
  retryAfterInBody?: boolean;
}

/**
 * A route's rate limits, declared on the route: `{ preHandler: rateLimit(app, …) }` counts after
 * the input is validated (a malformed call is not counted); as `onRequest` it counts every call
 * as it arrives. Every call is counted on every counter that applies, across instances (the
 * counters live in the database). Over any of them: 429 with the longest Retry-After.
 */
export function rateLimit(app: App, ...limits: RouteLimit[]) {
  return async (req: FastifyRequest) => {
    const counted = limits.flatMap((limit) => {
      const key = limit.key(req);
      return key === null ? [] : [{ limit, key }];
    });
    if (counted.length === 0) return;
    const states = await Promise.all(
      counted.map(({ limit, key }) =>
        app.limiter.hit(
          key,
          typeof limit.windowMs === 'number' ? limit.windowMs : limit.windowMs(app.limits),
        ),
      ),
    );
    let worst: { message: string; retryAfter: number; inBody: boolean } | null = null;
    states.forEach((state, i) => {
      const { limit } = counted[i]!;
      if (state.count <= limit.max(app.limits)) return;
      const retryAfter = retryAfterSeconds(state, app.clock);
      if (!worst || retryAfter > worst.retryAfter)
        worst = { message: limit.message, retryAfter, inBody: limit.retryAfterInBody === true };
    });
    if (worst) {
      const { message, retryAfter, inBody } = worst;
      throw throttled(message, retryAfter, inBody ? { retryAfter } : undefined);
    }
  };
}
