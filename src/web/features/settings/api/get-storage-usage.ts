import { useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '#shared/documents/schemas.ts';
import { api } from '#web/lib/api.ts';

export const storageUsageKey = ['/api/documents/usage'] as const;

/** GET /api/documents/usage: bytes stored (originals and signed versions) against the quota. */
export function useStorageUsage() {
  return useQuery({
    queryKey: storageUsageKey,
    queryFn: ({ signal }) => api.get<StorageUsage>('/api/documents/usage', { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
