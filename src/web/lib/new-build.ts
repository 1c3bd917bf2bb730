/**
 * After a deploy, the chunks of the build an open page was loaded with may be gone (the build keeps
 * them a week: scripts/vite-keep-assets.ts). Reloading once brings the new build at the same
 * address, so the user lands where they were; a second failure within a minute is not a deploy,
 * and is shown (components/page-load-boundary.tsx).
 */
const RELOADED_AT = 'inkproof:reloaded-for-new-build';
const GRACE_MS = 60_000;
let reloading = false;

/** True once a reload to the new build has started: failures meanwhile are not shown. */
export const isReloadingForNewBuild = () => reloading;

export function reloadForNewBuild(): boolean {
  if (reloading) return true;
  // Offline, a chunk is missing because the network is, not because of a deploy: reloading would
  // only trade the page in hand for the browser's offline error.
  if (!navigator.onLine) return false;
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < GRACE_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false; // storage blocked: a reload loop could not be ruled out
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** A lazy module loader that reloads to the new build when the module's chunk cannot be fetched. */
export function reloadingOnMissingChunk<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((err: unknown) => {
      // The page is going away: never settle, so nothing renders an error in the meantime.
      if (reloadForNewBuild()) return new Promise<T>(() => undefined);
      throw err;
    });
}

/**
 * Vite reports every failed dynamic import (the chunk or what it needs) with this event. The error
 * still reaches the importer (no preventDefault: the import would then resolve to nothing), where
 * reloadingOnMissingChunk or the page boundary keeps it off the screen while the page reloads.
 */
export function reloadOnPreloadError() {
  window.addEventListener('vite:preloadError', () => reloadForNewBuild());
}
