import { useSyncExternalStore } from 'react';
import { INACTIVITY_NOTICE_MS } from '#shared/constants.ts';

let visible = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: boolean) {
  visible = next;
  for (const listener of listeners) listener();
}

/** After login the inactivity-timeout notice shows for INACTIVITY_NOTICE_MS, then hides. */
export function showInactivityNotice() {
  clearTimeout(timer);
  set(true);
  timer = setTimeout(() => set(false), INACTIVITY_NOTICE_MS);
}

export function hideInactivityNotice() {
  clearTimeout(timer);
  set(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useInactivityNoticeVisible = () =>
  useSyncExternalStore(
    subscribe,
    () => visible,
    () => visible,
  );
