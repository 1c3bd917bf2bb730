import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobView } from '#shared/jobs/schemas.ts';
import { api } from '#web/lib/api.ts';
import { jobKeys } from '#web/features/admin/api/get-job-counts.ts';

/** Puts a failed job back in the queue with a fresh set of attempts. */
export const retryJob = (id: number) => api.post<{ job: JobView }>(`/api/admin/jobs/${id}/retry`);

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
