import { useSearchParams } from 'wouter';

/**
 * List filters kept in the address bar, so a filtered page can be reloaded, shared and left with Back.
 * Values equal to their default are left out of the URL.
 */
export function useSearchState<T extends Record<string, string>>(defaults: T) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, params.get(key) ?? fallback]),
  ) as T;
  const update = (patch: Partial<T>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [values, update] as const;
}

/** The value when it is one of the allowed ones, else the fallback (a hand-edited URL cannot break the page). */
export function oneOf<const A extends readonly string[]>(
  value: string,
  allowed: A,
  fallback: A[number],
): A[number] {
  return (allowed as readonly string[]).includes(value) ? value : fallback;
}

export function positiveInt(value: string, fallback: number) {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
