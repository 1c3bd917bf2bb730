import { useCallback, useEffect, useRef, useState } from 'react';

interface FreshBase {
  isFetching: boolean;
  /** Asks again (a new CAPTCHA challenge, a retry); the shown value stays until the answer. */
  refetch: () => void;
}

/** As useQuery's result: pending (no answer yet for the key), failed, or the value. */
export type Fresh<T> = FreshBase &
  (
    | { isPending: true; isError: false; data: undefined; error: null }
    | { isPending: false; isError: true; data: undefined; error: Error }
    | { isPending: false; isError: false; data: T; error: null }
  );

interface Answer<T> {
  key: string;
  request: string;
  data: T | undefined;
  error: Error | null;
}

/**
 * A value fetched on mount, whenever `key` changes and on `refetch`, never cached (a CAPTCHA
 * challenge, one signature to show): what the public pages asked react-query's useQuery for, with
 * staleTime 0 / gcTime 0 / refetchOnMount 'always', without loading the query client. A newer
 * request outdates an older one (which is aborted); `enabled: false` fetches nothing.
 */
export function useFresh<T>(
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): Fresh<T> {
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  const request = `${key}#${round}`;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const settle = (data: T | undefined, error: Error | null) => {
      if (!controller.signal.aborted) setAnswer({ key, request, data, error });
    };
    fetcherRef.current(controller.signal).then(
      (data) => settle(data, null),
      (thrown: unknown) => settle(undefined, thrown instanceof Error ? thrown : new Error(String(thrown))),
    );
    return () => controller.abort();
  }, [key, request, enabled]);

  const refetch = useCallback(() => setRound((n) => n + 1), []);
  const fetching = enabled && answer?.request !== request;
  // An answer for another key is not shown; one for this key stays while it is asked again.
  const current = answer?.key === key ? answer : null;
  const base = { isFetching: fetching, refetch };
  if (current?.data !== undefined && !current.error)
    return { ...base, isPending: false, isError: false, data: current.data, error: null };
  // As the query client: asking again after a failure shows as pending, not as the old failure.
  if (current?.error && !fetching)
    return { ...base, isPending: false, isError: true, data: undefined, error: current.error };
  return { ...base, isPending: true, isError: false, data: undefined, error: null };
}
