/** Injected time source: tests move it forward to reach idle timeouts and token expiry. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const iso = (ms: number) => new Date(ms).toISOString();
