import { z } from 'zod';
import { isoTime } from '#shared/answers.ts';
import { paged } from '#shared/admin/answers.ts';

/** The states of a job in the durable queue (decision 025). */
export const jobStatuses = ['queued', 'running', 'failed', 'done'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** What an admin sees of a job: never its payload (mails carry one-time links). */
export const jobView = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(jobStatuses),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  runAt: isoTime,
  createdAt: isoTime,
  updatedAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type JobView = z.infer<typeof jobView>;

/** GET /api/admin/jobs */
export const jobsPage = paged(jobView);

/** GET /api/admin/jobs/counts */
export const jobCounts = z.record(z.enum(jobStatuses), z.number());
export type JobCounts = z.infer<typeof jobCounts>;

/** POST /api/admin/jobs/:id/retry */
export const jobRetried = z.object({ job: jobView });
