import type { ReactNode } from 'react';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';

const loadQueryProvider = reloadingOnMissingChunk(() => import('#web/lib/query-provider.tsx'));

/**
 * A lazily loaded part that uses the query hooks, on a page that renders outside the query
 * client's provider (marked `noQueries` in routes.tsx): the part and the provider load together,
 * and the part renders inside it, sharing the app's one client.
 * `scripts/vite-route-preload.test.ts` recognises `withQueries(async () => (await import(…)).Part)`.
 */
export function withQueries<P extends object>(load: () => Promise<(props: P) => ReactNode>) {
  return () =>
    Promise.all([load(), loadQueryProvider()]).then(([Part, { default: QueryProvider }]) => ({
      default: (props: P) => (
        <QueryProvider>
          <Part {...props} />
        </QueryProvider>
      ),
    }));
}
