import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { useToasts } from '#web/lib/toast.ts';

const loadToaster = reloadingOnMissingChunk(() =>
  import('#web/components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
);
// Offline, a toaster that cannot be fetched shows nothing rather than taking the page down with it.
const Toaster = lazy<ComponentType>(() => loadToaster().catch(() => ({ default: () => null })));

/**
 * The Toaster, loaded off the critical path: once the browser is idle after the first paint, or at
 * once when a toast is shown before that. Keeps Radix Toast (about 9 KB gzip) out of the entry chunk.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  if (!idle && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
