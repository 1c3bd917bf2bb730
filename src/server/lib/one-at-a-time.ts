/**
 * Wraps `run` so that calls run one after another: each call starts once every earlier one has
 * settled, and answers its own run's result or error (a failed run does not stop the next).
 * For flushes that span several turns of the event loop: a caller that awaits one knows that
 * everything started before it has finished too.
 */
export function oneAtATime<A extends unknown[]>(
  run: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  let chain: Promise<void> = Promise.resolve();
  return (...args: A) => {
    const next = chain.then(() => run(...args));
    chain = next.catch(() => undefined);
    return next;
  };
}
