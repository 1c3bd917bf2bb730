import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { useDeliveries, useRedeliver } from '#web/features/settings/api/webhooks.ts';
import { ErrorNote } from '#web/features/settings/components/error-note.tsx';
import { formatDate } from '#web/features/settings/components/format-date.ts';
import { webhooksText as t } from '#web/features/settings/messages.ts';

const tone: Record<string, BadgeTone> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

/** The last deliveries to one endpoint, each with its answer, and Redeliver. */
export function DeliveryLog({ id, url, enabled }: { id: number; url: string; enabled: boolean }) {
  const deliveries = useDeliveries(id);
  const redeliver = useRedeliver();
  const [queued, setQueued] = useState<number | null>(null);
  const items = deliveries.data?.items ?? [];
  const c = t.columns;
  return (
    // Not a landmark of its own: the table's scrolling region already carries the log's name.
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">{t.logHeading(url)}</h4>
        <Button size="sm" variant="secondary" onClick={() => void deliveries.refetch()}>
          {t.refresh}
        </Button>
      </div>
      {deliveries.isPending ? <Spinner className="size-5" /> : null}
      {deliveries.isError ? <Alert tone="error">{t.logFailed}</Alert> : null}
      <ErrorNote error={redeliver.error} />
      {deliveries.isSuccess && items.length === 0 ? (
        <p className="text-sm text-slate-700">{t.logEmpty}</p>
      ) : null}
      {items.length > 0 ? (
        <Table scrollLabel={t.logHeading(url)} data-testid="delivery-log">
          <TableHead>
            <TableRow>
              <TableHeader>{c.event}</TableHeader>
              <TableHeader>{c.status}</TableHeader>
              <TableHeader>{c.code}</TableHeader>
              <TableHeader>{c.duration}</TableHeader>
              <TableHeader>{c.attempt}</TableHeader>
              <TableHeader>{c.next}</TableHeader>
              <TableHeader>{c.excerpt}</TableHeader>
              <TableHeader>
                <span className="sr-only">{c.actions}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((d) => (
              <TableRow key={d.id} data-testid="delivery">
                <TableCell>
                  <span className="block">{t.events[d.eventType] ?? d.eventType}</span>
                  <span className="text-xs text-slate-600">{formatDate(d.createdAt)}</span>
                </TableCell>
                <TableCell>
                  <Badge tone={tone[d.status]}>{t.status[d.status]}</Badge>
                </TableCell>
                <TableCell>
                  {d.responseStatus ?? t.noResponse}
                  {d.error ? <span className="block text-xs text-slate-700">{d.error}</span> : null}
                </TableCell>
                <TableCell>{d.durationMs === null ? '' : t.ms(d.durationMs)}</TableCell>
                <TableCell>{d.attempt}</TableCell>
                <TableCell>{d.nextAttemptAt ? formatDate(d.nextAttemptAt) : ''}</TableCell>
                <TableCell>
                  {d.responseExcerpt ? (
                    <code className="block max-w-48 truncate text-xs" title={d.responseExcerpt}>
                      {d.responseExcerpt}
                    </code>
                  ) : null}
                </TableCell>
                <TableCell>
                  {queued === d.id ? (
                    <span role="status" className="text-xs text-slate-700">
                      {t.redeliveryQueued}
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={!enabled || redeliver.isPending}
                      aria-label={t.redeliverLabel(
                        t.events[d.eventType] ?? d.eventType,
                        formatDate(d.createdAt),
                      )}
                      onClick={() =>
                        redeliver.mutate({ id, deliveryId: d.id }, { onSuccess: () => setQueued(d.id) })
                      }
                    >
                      {t.redeliver}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
