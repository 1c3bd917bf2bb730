/** Injected time source: tests move it forward to reach idle timeouts and token expiry. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const iso = (ms: number) => new Date(ms).toISOString();

/** The ISO prefix (13 = hour, 10 = day) of now, recomputed at most once a second: hot-path keys. */
export function isoPrefixCache(clock: Clock, length: number) {
  let second = -1;
  let value = '';
  return () => {
    const now = clock.now();
    const s = Math.floor(now / 1000);
    if (s !== second) {
      second = s;
      value = iso(now).slice(0, length);
    }
    return value;
  };
}
