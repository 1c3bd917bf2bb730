import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '#shared/admin/schemas.ts';
import type { JobStatus, JobView } from '#shared/jobs/schemas.ts';
import { api } from '#web/lib/api.ts';
import { fresh } from '#web/features/admin/api/keys.ts';
import { jobKeys } from '#web/features/admin/api/get-job-counts.ts';

export const listJobs = (status: JobStatus, page: number, pageSize: number, signal?: AbortSignal) =>
  api.get<Paged<JobView>>('/api/admin/jobs', { query: { status, page, pageSize }, signal });

export const useJobs = (status: JobStatus, page: number, pageSize: number) =>
  useQuery({
    queryKey: jobKeys.list(status, page, pageSize),
    queryFn: ({ signal }) => listJobs(status, page, pageSize, signal),
    placeholderData: keepPreviousData,
    ...fresh,
  });
