import { useCallback, useEffect, useRef, useState } from 'react';

interface CallbackOptions<T, V> {
  onSuccess?: (data: T, variables: V) => void;
  onError?: (error: Error, variables: V) => void;
  onSettled?: () => void;
}

export interface ActionOptions<T, V> extends CallbackOptions<T, V> {
  action: (variables: V) => Promise<T>;
}

export interface Action<T, V> {
  /** Runs the action; the hook's callbacks run first, then those given here (as useMutation does). */
  mutate: (variables: V, options?: CallbackOptions<T, V>) => void;
  isPending: boolean;
  error: Error | null;
  data: T | undefined;
  reset: () => void;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A request a form sends (sign in, sign up, save), with its pending and error state: the part of
 * react-query's useMutation the public pages use, so their first paint does not load the query
 * client. As there: the latest call's outcome is shown, the per-call callbacks of an outdated call
 * or an unmounted component do not run.
 */
export function useAction<T, V = void>({
  action,
  onSuccess,
  onError,
  onSettled,
}: ActionOptions<T, V>): Action<T, V> {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null; data: T | undefined }>({
    isPending: false,
    error: null,
    data: undefined,
  });
  const latest = useRef(0);
  const mounted = useRef(true);
  const hooks = useRef({ action, onSuccess, onError, onSettled });
  useEffect(() => {
    hooks.current = { action, onSuccess, onError, onSettled };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((variables: V, options?: CallbackOptions<T, V>) => {
    const call = ++latest.current;
    setState({ isPending: true, error: null, data: undefined });
    const current = () => call === latest.current && mounted.current;
    const run = async () => {
      const { action: send, ...own } = hooks.current;
      try {
        const data = await send(variables);
        own.onSuccess?.(data, variables);
        own.onSettled?.();
        if (!current()) return;
        setState({ isPending: false, error: null, data });
        options?.onSuccess?.(data, variables);
        options?.onSettled?.();
      } catch (thrown) {
        const error = asError(thrown);
        own.onError?.(error, variables);
        own.onSettled?.();
        if (!current()) return;
        setState({ isPending: false, error, data: undefined });
        options?.onError?.(error, variables);
        options?.onSettled?.();
      }
    };
    void run();
  }, []);

  const reset = useCallback(() => {
    latest.current++;
    setState({ isPending: false, error: null, data: undefined });
  }, []);

  return { mutate, reset, ...state };
}
