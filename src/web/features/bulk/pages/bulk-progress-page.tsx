import { Download, Pause, Play, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCaption, TableHead } from '#web/components/ui/table.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useBulk, useBulkRows, useControlBulk } from '../api/bulk.ts';
import { BackToTemplates, MissingPage, parseId } from '../components/bulk-frame.tsx';
import { bulkText as t } from '../messages.ts';

const tones: Record<string, BadgeTone> = {
  running: 'info',
  paused: 'warning',
  cancelled: 'neutral',
  completed: 'success',
};
const rowTones: Record<string, BadgeTone> = {
  pending: 'neutral',
  sent: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** /bulk/{id}: a bulk send's progress, its controls and every row's result. */
export default function BulkProgressPage() {
  const id = parseId(useParams<{ id: string }>().id);
  const bulk = useBulk(id);
  usePageMeta(
    bulk.data
      ? { title: t.progressTitle(bulk.data.templateName) }
      : bulk.isPending
        ? null
        : { title: t.missing },
  );
  if (id !== null && bulk.isPending) return <LoadingState label={t.loading} showLabel />;
  if (!bulk.data || id === null) return <MissingPage title={t.missing} error={bulk.error?.message} />;
  const b = bulk.data;
  const done = b.sent + b.failed;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackToTemplates />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {t.progressTitle(b.templateName)}
        </h1>
        <Badge tone={tones[b.status]}>{t.status[b.status]}</Badge>
      </div>
      <Card className="space-y-4 p-5">
        <div className="space-y-2">
          <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-800">
            <span id="bulk-progress-label">{t.progressLabel}</span>
            <span>{t.progress(done, b.total)}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="bulk-progress-label"
            aria-valuemin={0}
            aria-valuemax={b.total}
            aria-valuenow={done}
            aria-valuetext={t.progress(done, b.total)}
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-ink-700" style={{ width: `${(done / Math.max(1, b.total)) * 100}%` }} />
          </div>
          <p role="status" className="text-sm text-slate-700" data-testid="bulk-counts">
            {t.counts(b.sent, b.failed, b.pending)}
          </p>
        </div>
        <Controls id={b.id} status={b.status} />
      </Card>
      <Results id={b.id} running={b.status === 'running'} />
    </div>
  );
}

function Controls({ id, status }: { id: number; status: string }) {
  const control = useControlBulk(id);
  const [confirming, setConfirming] = useState(false);
  if (status !== 'running' && status !== 'paused') return null;
  return (
    <div className="space-y-3">
      {control.error && !confirming ? (
        <Alert tone="error" role="alert">
          {control.error.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {status === 'running' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={control.isPending}
            onClick={() => control.mutate('pause')}
          >
            <Pause aria-hidden="true" className="size-4" />
            {t.pause}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            disabled={control.isPending}
            onClick={() => control.mutate('resume')}
          >
            <Play aria-hidden="true" className="size-4" />
            {t.resume}
          </Button>
        )}
        <Button
          variant="destructive"
          size="sm"
          disabled={control.isPending}
          onClick={() => setConfirming(true)}
        >
          <X aria-hidden="true" className="size-4" />
          {t.cancel}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.cancelTitle}
        description={t.cancelText}
        confirmLabel={t.cancelConfirm}
        cancelLabel={t.keepGoing}
        pending={control.isPending}
        error={control.error?.message}
        onConfirm={() => control.mutate('cancel', { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}

function Results({ id, running }: { id: number; running: boolean }) {
  const filterId = useId();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const rows = useBulkRows(id, status, page, running);
  const pages = Math.max(1, Math.ceil((rows.data?.total ?? 0) / 50));
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t.results}</h2>
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor={filterId}>{t.filterLabel}</Label>
            <select
              id={filterId}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setPage(1);
              }}
              className="block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">{t.filterAll}</option>
              {(['sent', 'failed', 'pending', 'cancelled'] as const).map((s) => (
                <option key={s} value={s}>
                  {t.rowStatus[s]}
                </option>
              ))}
            </select>
          </div>
          <a href={`/api/bulk/${id}/results.csv`} className={buttonClasses('secondary', 'sm')} download>
            <Download aria-hidden="true" className="size-4" />
            {t.resultsCsv}
          </a>
        </div>
      </div>
      {rows.data && rows.data.items.length === 0 ? (
        <p className="text-sm text-slate-700">{t.noRows}</p>
      ) : null}
      {rows.data && rows.data.items.length > 0 ? (
        <Table scrollLabel={t.resultsCaption}>
          <TableCaption className="sr-only">{t.resultsCaption}</TableCaption>
          <TableHead>
            <tr>
              <th scope="col" className="px-4 py-2">
                {t.row}
              </th>
              <th scope="col" className="px-4 py-2">
                {t.recipients}
              </th>
              <th scope="col" className="px-4 py-2">
                {t.statusColumn}
              </th>
              <th scope="col" className="px-4 py-2">
                {t.request}
              </th>
            </tr>
          </TableHead>
          <TableBody>
            {rows.data.items.map((r) => (
              <tr key={r.row} className="border-t border-slate-100 align-top" data-testid="bulk-row">
                <td className="px-4 py-2 tabular-nums">{r.row}</td>
                <td className="px-4 py-2">
                  {r.recipients.map((p, i) => (
                    <div key={i}>
                      {p.name} &lt;{p.email}&gt;
                    </div>
                  ))}
                </td>
                <td className="px-4 py-2">
                  <Badge tone={rowTones[r.status]}>{t.rowStatus[r.status]}</Badge>
                  {r.error ? <p className="mt-1 text-sm text-red-800">{r.error}</p> : null}
                </td>
                <td className="px-4 py-2">
                  {r.documentId ? (
                    <Link
                      href={`/documents/${r.documentId}`}
                      className="text-ink-800 underline"
                      aria-label={t.openDocument(r.row)}
                    >
                      #{r.requestId}
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {pages > 1 ? (
        <nav aria-label={t.results} className="flex items-center justify-between gap-3 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t.previous}
          </Button>
          <span>{t.page(page, pages)}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t.next}
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
