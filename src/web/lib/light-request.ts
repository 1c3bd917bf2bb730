import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';

/** The app's query client, loaded when a request is first made rather than with the page. */
export const loadQueryClient = reloadingOnMissingChunk(async () =>
  (await import('#web/lib/query-client.ts')).getQueryClient(),
);

interface Callbacks<T, V = unknown> {
  onSuccess?: (data: T, variables: V) => void;
  onError?: (error: Error) => void;
  onSettled?: () => void;
}

/**
 * A request a user starts (send a form, sign in), for the pages whose first load carries no query
 * hooks: the parts of useMutation they use. A newer call replaces an older one's state, and only
 * the latest call's own callbacks run, as with useMutation.
 */
export function useAction<V, T>(run: (variables: V) => Promise<T>, hooks: Callbacks<T, V> = {}) {
  const [state, setState] = useState<{ isPending?: boolean; data?: T; error?: Error; variables?: V }>({});
  const latest = useRef(0);
  const live = useRef({ run, hooks });
  useLayoutEffect(() => {
    live.current = { run, hooks };
  });

  const mutate = useCallback((variables: V, own: Callbacks<T, V> = {}) => {
    const call = ++latest.current;
    setState({ isPending: true, variables });
    // what a request rejects with is an Error (ApiError for an answer), as useMutation types it
    const settle = (data?: T, error?: Error) => {
      const all = live.current.hooks;
      if (error) all.onError?.(error);
      else all.onSuccess?.(data!, variables);
      if (call !== latest.current) return;
      setState({ data, error, variables });
      if (error) own.onError?.(error);
      else own.onSuccess?.(data!, variables);
      own.onSettled?.();
    };
    live.current.run(variables).then(settle, (error: Error) => settle(undefined, error));
  }, []);

  const reset = useCallback(() => {
    latest.current++;
    setState({});
  }, []);

  return { ...state, error: state.error ?? null, isPending: !!state.isPending, mutate, reset };
}

/**
 * Data fetched fresh on every mount and every refetch (a CAPTCHA challenge), through the app's
 * query client loaded on the first fetch: never reused, as staleTime 0 and gcTime 0 would have it.
 */
export function useFreshQuery<T>(
  queryKey: readonly unknown[],
  fetch: (signal: AbortSignal) => Promise<T>,
  enabled = true,
) {
  const [round, setRound] = useState(0);
  const key = JSON.stringify(queryKey);
  const id = `${round} ${key}`;
  const [answer, setAnswer] = useState<{ id: string; key: string; data?: T; isError: boolean } | null>(null);
  const live = useRef(fetch);
  useLayoutEffect(() => {
    live.current = fetch;
  });

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void loadQueryClient()
      .then((client) =>
        client.fetchQuery({
          queryKey: JSON.parse(key) as unknown[],
          // the query's own signal: a second mount while it runs shares the request, not cancels it
          queryFn: ({ signal }) => live.current(signal),
          staleTime: 0,
          gcTime: 0,
        }),
      )
      .then(
        (data) => current && setAnswer({ id, key, data, isError: false }),
        // the canvas keeps the last challenge drawn, under the message that a new one failed
        () => current && setAnswer({ id, key, isError: true }),
      );
    return () => {
      current = false;
    };
  }, [id, key, enabled]);

  const refetch = useCallback(async () => setRound((n) => n + 1), []);
  const same = answer?.key === key;
  return {
    data: same ? answer.data : undefined,
    isFetching: enabled && answer?.id !== id,
    isError: same && answer.isError,
    refetch,
  };
}
