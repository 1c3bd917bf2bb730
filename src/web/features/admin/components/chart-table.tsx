import type { ChartSeries } from '#web/features/admin/components/chart-colors.ts';
import { formatNumber, sum } from '#web/features/admin/lib/format.ts';
import { adminText as t } from '#web/features/admin/messages.ts';

interface ChartTableProps {
  caption: string;
  labels: string[];
  series: ChartSeries[];
  formatLabel: (label: string) => string;
}

/** The chart's numbers as a table, folded away until asked for. */
export function ChartTable({ caption, labels, series, formatLabel }: ChartTableProps) {
  return (
    <details className="mt-2 text-sm">
      <summary className="w-fit cursor-pointer rounded text-ink-700 hover:underline">
        {t.chart.showTable}
      </summary>
      <div
        role="region"
        aria-label={t.chart.tableLabel(caption)}
        // A scrolling box must be reachable by keyboard to be read (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="mt-2 max-h-72 overflow-auto rounded-lg border border-slate-200"
      >
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              <th scope="col" className="px-2 py-1.5 sm:px-3 font-semibold">
                {t.chart.period}
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="px-2 py-1.5 sm:px-3 text-right font-semibold">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row" className="px-2 py-1 sm:px-3 font-normal whitespace-nowrap">
                  {formatLabel(label)}
                </th>
                {series.map((s) => (
                  <td key={s.label} className="px-2 py-1 sm:px-3 text-right tabular-nums">
                    {formatNumber(s.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 bg-slate-50">
            <tr>
              <th scope="row" className="px-2 py-1.5 sm:px-3 font-semibold">
                {t.chart.totalRow}
              </th>
              {series.map((s) => (
                <td key={s.label} className="px-2 py-1.5 sm:px-3 text-right font-semibold tabular-nums">
                  {formatNumber(sum(s.values))}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}
