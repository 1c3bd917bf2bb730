import { useQuery } from '@tanstack/react-query';
import type { JobCounts } from '#shared/jobs/schemas.ts';
import { api } from '#web/lib/api.ts';
import { fresh } from '#web/features/admin/api/keys.ts';

/** Query keys of the job queue: invalidating `all` refreshes the counts and every list page. */
export const jobKeys = {
  all: ['admin', 'jobs'] as const,
  counts: ['admin', 'jobs', 'counts'] as const,
  list: (status: string, page: number, pageSize: number) =>
    ['admin', 'jobs', 'list', status, page, pageSize] as const,
};

export const getJobCounts = (signal?: AbortSignal) =>
  api.get<JobCounts>('/api/admin/jobs/counts', { signal });

export const useJobCounts = () =>
  useQuery({ queryKey: jobKeys.counts, queryFn: ({ signal }) => getJobCounts(signal), ...fresh });
