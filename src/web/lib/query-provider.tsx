import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { getQueryClient } from '#web/lib/query-client.ts';

/**
 * The query client for the pages that use it (signed-in pages, the admin area, the blog...): a
 * chunk of its own, loaded with those pages, so the public pages' first paint does not carry it.
 * Every page shares the one client, so the cache outlives a page change.
 */
export default function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
