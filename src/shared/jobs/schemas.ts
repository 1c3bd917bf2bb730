import { z } from 'zod';
import { pageQuery } from '#shared/admin/schemas.ts';

/** The states of a job in the durable queue (decision 025). */
export const jobStatuses = ['queued', 'running', 'failed', 'done'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** GET /api/admin/jobs: one status at a time, newest first (queued: next due first). */
export const jobListQuery = pageQuery.extend({ status: z.enum(jobStatuses).default('failed') });

/** What an admin sees of a job: never its payload (mails carry one-time links). */
export interface JobView {
  id: number;
  kind: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** GET /api/admin/jobs/counts */
export type JobCounts = Record<JobStatus, number>;

export const jobMessages = {
  notFound: 'No job with this id',
  notFailed: 'Only a failed job can be retried',
  keyWaiting: 'A job with the same key is already waiting, so this one is not retried',
  workerStopped: 'The worker stopped during the last attempt (its lease expired)',
  unknownPayload: 'The job could not be read',
} as const;
