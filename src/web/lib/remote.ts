import { useEffect, useSyncExternalStore } from 'react';

/**
 * One value the shell reads from the server (the current user, the site settings) without the
 * query client, so the first paint of every page does not carry it. The semantics are those of
 * the query client's defaults: fetched once when first shown, never stale, no
 * retries; `refresh` is the invalidation (the new answer replaces the old, which stays shown
 * meanwhile), `set` the direct update. Every reader, in the shell and behind sign-in, reads this
 * one copy.
 */
export interface RemoteState<T> {
  /** 'pending' until the first answer (or `set`); 'error' when the first fetch failed. */
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: Error | null;
  /** A request is under way (first load or refresh). */
  fetching: boolean;
}

export interface Remote<T> {
  get: () => RemoteState<T>;
  /** The value is known (a sign-in's answer, a sign-out): no request; a fetch under way is dropped. */
  set: (data: T) => void;
  /** Asks the server again; resolves once the new answer (or error) is in. */
  refresh: () => Promise<void>;
  /** The value, fetched first when none is known yet. */
  ensure: () => Promise<T>;
  subscribe: (listener: () => void) => () => void;
  /** Reads the value in a component, starting the first fetch when nothing is known or the last failed. */
  use: () => RemoteState<T>;
  /**
   * Reads one part of the value in a component (a name, a list), starting the first fetch as `use`
   * does. The component renders again only when that part changes: not when a fetch starts, nor
   * when the answer brings what was shown already (the shell's header, footer and page title, whose
   * reads would otherwise render the whole page twice during its first load).
   */
  useSelect: <S>(pick: (state: RemoteState<T>) => S) => S;
}

export function createRemote<T>(fetcher: () => Promise<T>): Remote<T> {
  let state: RemoteState<T> = { status: 'pending', data: undefined, error: null, fetching: false };
  const listeners = new Set<() => void>();
  /** Only the answer of the latest request counts (a `set` or a newer refresh outdates it). */
  let generation = 0;
  let inFlight: Promise<void> | null = null;

  const update = (next: Partial<RemoteState<T>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const fetchNow = (): Promise<void> => {
    const mine = ++generation;
    update({ fetching: true });
    const done = fetcher().then(
      (data) => {
        if (mine === generation) update({ status: 'success', data, error: null, fetching: false });
      },
      (error: unknown) => {
        if (mine !== generation) return;
        const err = error instanceof Error ? error : new Error(String(error));
        // An invalidation that fails keeps the value shown, as the query client does.
        update({ status: state.data === undefined ? 'error' : state.status, error: err, fetching: false });
      },
    );
    inFlight = done.finally(() => {
      if (mine === generation) inFlight = null;
    });
    return inFlight;
  };

  const remote: Remote<T> = {
    get: () => state,
    set: (data) => {
      generation++;
      inFlight = null;
      update({ status: 'success', data, error: null, fetching: false });
    },
    refresh: fetchNow,
    async ensure() {
      if (state.status === 'success') return state.data as T;
      await (inFlight ?? fetchNow());
      const after = remote.get();
      if (after.status !== 'success') throw after.error ?? new Error('Not loaded');
      return after.data as T;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use() {
      const current = useSyncExternalStore(remote.subscribe, remote.get, remote.get);
      useFirstFetch();
      return current;
    },
    useSelect(pick) {
      const read = () => pick(state);
      const picked = useSyncExternalStore(remote.subscribe, read, read);
      useFirstFetch();
      return picked;
    },
  };
  // On mount, as the query client does (a failed first load is tried again by the next reader).
  function useFirstFetch() {
    useEffect(() => {
      if (state.status !== 'success' && !inFlight) void fetchNow();
    }, []);
  }
  return remote;
}
