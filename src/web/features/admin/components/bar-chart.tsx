import { useId } from 'react';
import { formatDay, formatNumber } from '#web/features/admin/lib/format.ts';
import { useElementWidth } from '#web/features/admin/hooks/use-element-width.ts';
import { chartColors, niceMax, type ChartSeries } from '#web/features/admin/components/chart-colors.ts';
import { ChartTable } from '#web/features/admin/components/chart-table.tsx';
import { adminText as t } from '#web/features/admin/messages.ts';

interface BarChartProps {
  title: string;
  /** One label per bar: 'YYYY-MM-DD' days, or other labels with formatLabel. */
  labels: string[];
  series: ChartSeries[];
  height?: number;
  formatLabel?: (label: string) => string;
  /** Heading level of the title inside the page. */
  headingLevel?: 'h2' | 'h3';
  /** 'stacked' when the series are parts of one whole, 'grouped' when they count different things. */
  mode?: 'stacked' | 'grouped';
  /** A shorter label for the axis, and the room each one needs in pixels. */
  formatTick?: (label: string) => string;
  tickWidth?: number;
}

const PAD = { top: 10, right: 8, bottom: 22, left: 40 };

/** Stacked daily bars drawn as SVG, with the same numbers in a table for screen readers and keyboard users. */
export function BarChart({
  title,
  labels,
  series,
  height = 170,
  formatLabel = formatDay,
  headingLevel = 'h3',
  mode = 'stacked',
  formatTick = formatLabel,
  tickWidth = 70,
}: BarChartProps) {
  const id = useId();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const totals = labels.map((_, i) => series.reduce((acc, s) => acc + (s.values[i] ?? 0), 0));
  const grand = totals.reduce((a, b) => a + b, 0);
  const grouped = mode === 'grouped' && series.length > 1;
  const highest = grouped ? Math.max(0, ...series.flatMap((s) => s.values)) : Math.max(0, ...totals);
  const top = niceMax(highest);
  const peak = totals.indexOf(Math.max(...totals));
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = height - PAD.top - PAD.bottom;
  const slot = labels.length ? plotW / labels.length : 0;
  const barW = Math.max(1, Math.min(slot > 6 ? slot * 0.72 : slot, 48));
  const part = grouped ? barW / series.length : barW;
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = top >= 2 && top % 2 === 0 ? [0, top / 2, top] : [0, top];
  const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(plotW / tickWidth))));
  const summary = t.chart.summary(
    title,
    formatNumber(grand),
    labels.length,
    grand > 0 && labels[peak] ? formatLabel(labels[peak]) : null,
  );
  const Heading = headingLevel;
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        <p className="text-sm text-slate-700">{t.chart.total(formatNumber(grand))}</p>
      </div>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-2.5 rounded-sm ${chartColors[s.color].swatch}`} />
              {s.label} ({formatNumber(s.values.reduce((a, b) => a + b, 0))})
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={ref} className="mt-3">
        <svg role="img" aria-label={summary} width={width} height={height} className="block overflow-visible">
          {ticks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={PAD.left + plotW} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
              <text
                x={PAD.left - 6}
                y={y(v)}
                dy="0.32em"
                textAnchor="end"
                className="fill-slate-600 text-[11px]"
              >
                {formatNumber(v)}
              </text>
            </g>
          ))}
          {labels.map((label, i) => {
            let base = 0;
            const x = PAD.left + i * slot + (slot - barW) / 2;
            return (
              <g key={label}>
                <title>{`${formatLabel(label)}: ${series.map((s) => `${formatNumber(s.values[i] ?? 0)} ${s.label.toLowerCase()}`).join(', ')}`}</title>
                <rect
                  x={PAD.left + i * slot}
                  y={PAD.top}
                  width={slot}
                  height={plotH}
                  className="fill-transparent hover:fill-slate-100"
                />
                {series.map((s, k) => {
                  const v = s.values[i] ?? 0;
                  const from = grouped ? 0 : base;
                  const rect =
                    v > 0 ? (
                      <rect
                        key={s.label}
                        x={grouped ? x + k * part : x}
                        y={y(from + v)}
                        width={part}
                        height={y(from) - y(from + v)}
                        className={chartColors[s.color].fill}
                      />
                    ) : null;
                  base += v;
                  return rect;
                })}
                {i % every === 0 ? (
                  <text
                    x={PAD.left + i * slot + slot / 2}
                    y={height - 6}
                    textAnchor="middle"
                    className="fill-slate-600 text-[11px]"
                  >
                    {formatTick(label)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <ChartTable caption={title} labels={labels} series={series} formatLabel={formatLabel} />
    </figure>
  );
}
