import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '#web/lib/api.ts';
import { currentQueryClient, registerQueryClient } from '#web/lib/query-registry.ts';

/** No retries, no refetch on focus, no polling, data never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client, made when the first page that uses it loads. */
export function getQueryClient(): QueryClient {
  const existing = currentQueryClient();
  if (existing) return existing;
  const client = createQueryClient();
  registerQueryClient(client);
  return client;
}
