/** Texts of the job queue section on the diagnostics pages. */
export const jobsText = {
  heading: 'Background jobs',
  lead: 'E-mails, reminders and expiries wait in the job queue until a server runs them; failures are retried with growing pauses.',
  counts: { queued: 'Queued', running: 'Running', failed: 'Failed', done: 'Done (recent)' },
  failedCaption: 'Failed jobs, most recent first',
  failedLabel: 'failed jobs',
  failedEmpty: 'No failed jobs.',
  kind: 'Job',
  attempts: 'Attempts',
  lastError: 'Last error',
  failedAt: 'Failed',
  attemptsOf: (done: number, max: number) => `${done} of ${max}`,
  retry: 'Retry',
  retryLabel: (kind: string, id: number) => `Retry ${kind} job ${id}`,
  retried: (kind: string, id: number) => `The ${kind} job ${id} is queued again.`,
};
