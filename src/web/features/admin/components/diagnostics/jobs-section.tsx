import { useState } from 'react';
import { jobStatuses, type JobView } from '#shared/jobs/schemas.ts';
import { Section } from '#web/components/admin-page.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TableCell } from '#web/components/ui/table.tsx';
import { useJobCounts } from '#web/features/admin/api/get-job-counts.ts';
import { useJobs } from '#web/features/admin/api/list-jobs.ts';
import { useRetryJob } from '#web/features/admin/api/retry-job.ts';
import {
  actionsColumn,
  DataTable,
  type DataColumn,
} from '#web/features/admin/components/data-table/data-table.tsx';
import { Pagination } from '#web/features/admin/components/pagination.tsx';
import { QueryState, RefreshButton } from '#web/features/admin/components/query-state.tsx';
import { When } from '#web/features/admin/components/when.tsx';
import { formatNumber } from '#web/features/admin/lib/format.ts';
import { errorText } from '#web/features/admin/lib/server-errors.ts';
import { jobsText as t } from '#web/features/admin/messages/jobs.ts';

const PAGE_SIZE = 10;

/** The job queue on the diagnostics pages: counts by state and the failed jobs; `actions` adds Retry. */
export function JobsSection({ actions }: { actions: boolean }) {
  const [page, setPage] = useState(1);
  const counts = useJobCounts();
  const failed = useJobs('failed', page, PAGE_SIZE);
  const retry = useRetryJob();
  const refresh = () => {
    void counts.refetch();
    void failed.refetch();
  };
  return (
    <Section
      id="jobs-heading"
      title={t.heading}
      description={t.lead}
      actions={<RefreshButton onClick={refresh} busy={counts.isFetching || failed.isFetching} />}
    >
      <QueryState query={counts} />
      {counts.data ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {jobStatuses.map((status) => (
            <div key={status} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm font-medium text-slate-700">{t.counts[status]}</dt>
              <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
                {formatNumber(counts.data[status])}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {retry.isSuccess ? (
        <Alert tone="success" role="status">
          {t.retried(retry.data.job.kind, retry.data.job.id)}
        </Alert>
      ) : null}
      {retry.isError ? (
        <Alert tone="error" role="alert">
          {errorText(retry.error)}
        </Alert>
      ) : null}
      <QueryState query={failed} />
      {failed.data ? (
        <>
          <FailedJobs
            items={failed.data.items}
            onRetry={actions ? (id) => retry.mutate(id) : undefined}
            busy={retry.isPending}
          />
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={failed.data.total}
            onPage={setPage}
            label={t.failedLabel}
          />
        </>
      ) : null}
    </Section>
  );
}

function FailedJobs({
  items,
  onRetry,
  busy,
}: {
  items: JobView[];
  onRetry: ((id: number) => void) | undefined;
  busy: boolean;
}) {
  const columns: DataColumn[] = [
    { label: t.kind },
    { label: t.attempts },
    { label: t.lastError },
    { label: t.failedAt },
    ...(onRetry ? [actionsColumn] : []),
  ];
  return (
    <DataTable
      caption={t.failedCaption}
      columns={columns}
      items={items}
      rowKey={(j) => j.id}
      empty={t.failedEmpty}
      cells={(j) => (
        <>
          <TableCell className="font-mono text-xs">
            {j.kind} <span className="text-slate-600">#{j.id}</span>
          </TableCell>
          <TableCell>{t.attemptsOf(j.attempts, j.maxAttempts)}</TableCell>
          <TableCell className="break-words">{j.lastError}</TableCell>
          <TableCell>
            <When value={j.finishedAt} />
          </TableCell>
          {onRetry ? (
            <TableCell className="text-right">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onRetry(j.id)}
                disabled={busy}
                aria-label={t.retryLabel(j.kind, j.id)}
              >
                {t.retry}
              </Button>
            </TableCell>
          ) : null}
        </>
      )}
    />
  );
}
