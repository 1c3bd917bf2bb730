import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import { useUser } from '#web/lib/session/get-user.ts';

/**
 * Work a page has not sent yet (placed signatures, typed fields), kept when the session ends for
 * inactivity and given back to the same page after the same user signs in again. It lives in
 * sessionStorage, so it stays in this tab and goes when the tab closes; it is filed under the
 * user's id, so another account signing in on this tab never sees it.
 */
const PREFIX = 'inkproof:kept:';
const keepers = new Map<string, () => unknown>();

const storageKey = (userId: number, key: string) => `${PREFIX}${userId}:${key}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called as the session ends for inactivity, while the pages are still on screen. */
export function keepWork(userId: number) {
  const store = storage();
  if (!store) return;
  for (const [key, read] of keepers) {
    const value = read();
    if (value === undefined || value === null) continue;
    try {
      store.setItem(storageKey(userId, key), JSON.stringify(value));
    } catch {
      // Full storage (a very large drawing): that work cannot be kept; the rest still is.
    }
  }
}

function takeWork<T>(userId: number, key: string): T | null {
  const store = storage();
  const raw = store?.getItem(storageKey(userId, key));
  if (!store || raw === null || raw === undefined) return null;
  store.removeItem(storageKey(userId, key));
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Signing out on purpose: nothing is kept for later. */
export function dropKeptWork() {
  const store = storage();
  if (!store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) store.removeItem(key);
  }
}

/**
 * If the session ends on this page, keeps what `read` returns (null: nothing worth keeping), and
 * hands kept work of this page and name back to `restore`, once, when the page opens again.
 */
export function useKeptWork<T>(name: string, read: () => T | null, restore: (kept: T) => void) {
  const [location] = useLocation();
  const { data: user } = useUser();
  const key = `${location}#${name}`;
  const readRef = useRef(read);
  const restoreRef = useRef(restore);
  useEffect(() => {
    readRef.current = read;
    restoreRef.current = restore;
  });

  useEffect(() => {
    const read = () => readRef.current();
    keepers.set(key, read);
    return () => {
      if (keepers.get(key) === read) keepers.delete(key);
    };
  }, [key]);

  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    const kept = takeWork<T>(userId, key);
    if (kept !== null) restoreRef.current(kept);
  }, [userId, key]);
}

/**
 * A react-hook-form form's typed values, kept when they differ from what the form started with
 * (never put a password field in such a form: the values are stored as they are).
 */
export function useKeptForm<V extends FieldValues>(name: string, form: UseFormReturn<V, unknown, unknown>) {
  useKeptWork<V>(
    name,
    () => {
      const values = form.getValues();
      return JSON.stringify(values) === JSON.stringify(form.formState.defaultValues) ? null : values;
    },
    (kept) => form.reset(kept, { keepDefaultValues: true }),
  );
}
