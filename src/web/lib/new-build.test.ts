import { afterEach, expect, test, vi } from 'vitest';

/** The browser globals reloadForNewBuild reads, with a reload that is only counted. */
function browser(onLine: boolean) {
  const stored = new Map<string, string>();
  const reload = vi.fn();
  vi.stubGlobal('navigator', { onLine });
  vi.stubGlobal('window', { location: { reload } });
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
  });
  return reload;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

test('online, a missing chunk reloads the page once to the new build', async () => {
  const reload = browser(true);
  const { reloadingOnMissingChunk } = await import('./new-build.ts');
  const load = reloadingOnMissingChunk(() => Promise.reject(new Error('Failed to fetch module')));
  void load();
  await Promise.resolve();
  await Promise.resolve();
  expect(reload).toHaveBeenCalledTimes(1);
});

test('offline, a missing chunk is not a new build: no reload, the error reaches the caller', async () => {
  const reload = browser(false);
  const { reloadingOnMissingChunk } = await import('./new-build.ts');
  const load = reloadingOnMissingChunk(() => Promise.reject(new Error('Failed to fetch module')));
  await expect(load()).rejects.toThrow('Failed to fetch module');
  expect(reload).not.toHaveBeenCalled();
});
