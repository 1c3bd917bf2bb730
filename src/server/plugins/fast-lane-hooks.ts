/**
 * The app-wide request hooks that the look-up's fast lane (modules/verification/fast-lane.ts)
 * reproduces, each marked where it is registered. When the app holds any other app-wide hook
 * (onRequest, onSend, onResponse, ...), the lane turns itself off at start-up and every look-up
 * goes through Fastify: a hook added later can never be skipped silently (decision 036).
 */
const covered = new WeakSet<object>();

/** Marks `hook` as one the fast lane reproduces; say at the call site how it does. */
export function coveredByFastLane<F extends object>(hook: F): F {
  covered.add(hook);
  return hook;
}

export function isCoveredByFastLane(hook: unknown): boolean {
  return typeof hook === 'function' && covered.has(hook);
}
