import type { QueryClient } from '@tanstack/react-query';

/**
 * The query client, once a page that uses it has loaded it (`getQueryClient`). The shell (sign-in,
 * sign-out, the account menu) reaches it through here, so it never loads the query code itself.
 */
let current: QueryClient | null = null;

export const currentQueryClient = (): QueryClient | null => current;

export function registerQueryClient(client: QueryClient) {
  current = client;
}
