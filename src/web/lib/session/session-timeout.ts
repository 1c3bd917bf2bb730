import { useSyncExternalStore } from 'react';
import { INACTIVITY_TIMEOUT_MS, SESSION_TIMEOUT_HEADER } from '#shared/constants.ts';

/**
 * The idle timeout the server enforces, as its answers tell it (x-session-timeout, in seconds):
 * an admin may lower it, and a page counting the spec's 15 minutes would then lose its session
 * before it warns. Until the server has said, the spec's default.
 */
let idleMs = INACTIVITY_TIMEOUT_MS;
const listeners = new Set<() => void>();

export function noteSessionTimeout(response: Response) {
  const seconds = Number(response.headers.get(SESSION_TIMEOUT_HEADER));
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds * 1000 === idleMs) return;
  idleMs = seconds * 1000;
  for (const listener of listeners) listener();
}

export const sessionIdleMs = () => idleMs;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's idle timeout in whole minutes, for texts. */
export const useSessionIdleMinutes = () =>
  useSyncExternalStore(
    subscribe,
    () => Math.max(1, Math.round(idleMs / 60_000)),
    () => Math.max(1, Math.round(idleMs / 60_000)),
  );
