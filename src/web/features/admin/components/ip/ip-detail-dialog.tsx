import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { useIpDetail } from '#web/features/admin/api/get-ip-detail.ts';
import { BarChart } from '#web/features/admin/components/bar-chart.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import {
  formatDateTime,
  formatDay,
  formatHour,
  formatHourTick,
  hourRange,
} from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.ip;

/** One address hour by hour: requests, look-ups and rate-limit hits, and its block if any. */
export function IpDetailDialog({
  ip,
  hours,
  onClose,
}: {
  ip: string | null;
  hours: number;
  onClose: () => void;
}) {
  const query = useIpDetail(ip, hours);
  const d = query.data;
  const windowLabel = t.windows.find(([h]) => h === hours)?.[1] ?? `${hours} h`;
  return (
    <Dialog open={ip !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t.detailTitle(ip ?? '')} description={t.detailLead(windowLabel)} size="lg">
        <QueryState query={query} />
        {d ? (
          <div className="space-y-4">
            {d.blocked ? (
              <Alert tone="error">
                {t.blockedBecause(d.blocked.reason, formatDateTime(d.blocked.createdAt))}
              </Alert>
            ) : null}
            {d.hours.length === 0 ? (
              <p className="text-sm text-slate-700">{t.noTraffic}</p>
            ) : (
              <HourlyChart rows={d.hours} hours={hours} now={query.dataUpdatedAt} />
            )}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type HourRow = { hour: string; requests: number; lookups: number; limited: number };
const KEYS = ['requests', 'lookups', 'limited'] as const;

/**
 * The whole period on one axis, quiet hours included: hour by hour up to a week, day by day beyond
 * (a 90-day window would be 2,160 hairline bars).
 */
function HourlyChart({ rows, hours, now }: { rows: HourRow[]; hours: number; now: number }) {
  const daily = hours > 168;
  const bucket = (hour: string) => (daily ? hour.slice(0, 10) : hour);
  const totals = new Map<string, Record<(typeof KEYS)[number], number>>();
  for (const r of rows) {
    const sum = totals.get(bucket(r.hour)) ?? { requests: 0, lookups: 0, limited: 0 };
    for (const k of KEYS) sum[k] += Number(r[k]);
    totals.set(bucket(r.hour), sum);
  }
  const last = new Date(now).toISOString().slice(0, 13);
  const first = new Date(now - (hours - 1) * 3_600_000).toISOString().slice(0, 13);
  const labels = [...new Set(hourRange(first, last).map(bucket))];
  const values = (k: (typeof KEYS)[number]) => labels.map((l) => totals.get(l)?.[k] ?? 0);
  return (
    <BarChart
      title={daily ? t.daily : t.hourly}
      labels={labels}
      formatLabel={daily ? (d) => formatDay(d, true) : formatHour}
      formatTick={daily ? formatDay : formatHourTick}
      tickWidth={daily ? 70 : 100}
      mode="grouped"
      series={[
        { label: t.columns.requests, values: values('requests'), color: 'slate' },
        { label: t.columns.lookups, values: values('lookups'), color: 'sky' },
        { label: t.columns.limited, values: values('limited'), color: 'red' },
      ]}
    />
  );
}
