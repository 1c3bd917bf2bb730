/** Injected time source: tests move it forward to reach idle timeouts and token expiry. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `iso` for many times within a few seconds (a flush of look-up counts: 90,000 rows, ten seconds):
 * the part up to the seconds is made once per second, the milliseconds appended.
 */
export function isoBySecond(): (ms: number) => string {
  const prefixes = new Map<number, string>();
  return (ms) => {
    const s = Math.floor(ms / 1000);
    let prefix = prefixes.get(s);
    if (prefix === undefined) {
      prefix = iso(s * 1000).slice(0, -4); // 2026-11-24T10:30:00. (the milliseconds and Z cut)
      prefixes.set(s, prefix);
    }
    const rest = ms - s * 1000;
    return `${prefix}${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}Z`;
  };
}

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
