import { z } from 'zod';
import { pageQuery } from '#shared/admin/schemas.ts';
import { jobStatuses } from './answers.ts';

export { jobStatuses, type JobCounts, type JobStatus, type JobView } from './answers.ts';

/** GET /api/admin/jobs: one status at a time, newest first (queued: next due first). */
export const jobListQuery = pageQuery.extend({ status: z.enum(jobStatuses).default('failed') });

export const jobMessages = {
  notFound: 'No job with this id',
  notFailed: 'Only a failed job can be retried',
  keyWaiting: 'A job with the same key is already waiting, so this one is not retried',
  workerStopped: 'The worker stopped during the last attempt (its lease expired)',
  unknownPayload: 'The job could not be read',
} as const;
