import { Download } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { reportExportUrl, useReport } from '#web/features/admin/api/get-report.ts';
import { AdminPage, Section } from '#web/components/admin-page.tsx';
import { BarChart } from '#web/features/admin/components/bar-chart.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { ReportCharts } from '#web/features/admin/components/reports/report-charts.tsx';
import { ReportRangeForm } from '#web/features/admin/components/reports/report-range-form.tsx';
import { TopPaths } from '#web/features/admin/components/reports/top-paths.tsx';
import { useSearchState } from '#web/features/admin/hooks/use-search-state.ts';
import { formatDay, lastDays } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.reports;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export default function AdminReportsPage() {
  const [state, update] = useSearchState({ from: '', to: '' });
  const range = {
    from: isDay(state.from) ? state.from : undefined,
    to: isDay(state.to) ? state.to : undefined,
  };
  const query = useReport(range);
  const report = query.data;
  const shown = report ?? { ...lastDays(30), days: [] };
  return (
    <AdminPage
      title={t.title}
      lead={t.lead}
      actions={
        report ? (
          <a
            href={reportExportUrl({ from: report.from, to: report.to })}
            download
            className={buttonClasses('primary', 'md')}
            aria-describedby="export-hint"
          >
            <Download aria-hidden="true" className="size-4" />
            {t.exportCsv}
          </a>
        ) : null
      }
    >
      {report ? (
        <p id="export-hint" className="sr-only">
          {t.exportHint(report.from, report.to)}
        </p>
      ) : null}
      <ReportRangeForm
        key={`${shown.from}/${shown.to}`}
        from={shown.from}
        to={shown.to}
        onChange={(r) => update(r)}
      />
      <QueryState query={query} />
      {report ? (
        <>
          <p className="text-sm font-medium text-slate-800" aria-live="polite">
            {t.showing(formatDay(report.from, true), formatDay(report.to, true), report.days.length)}
          </p>
          <ReportCharts report={report} />
          <Section id="page-views-heading" title={t.pageViews}>
            <div className="grid items-start gap-4 xl:grid-cols-2">
              <BarChart
                title={t.pageViews}
                labels={report.days}
                series={[{ label: t.pageViews, values: report.series.pageViews ?? [], color: 'slate' }]}
              />
              <div className="space-y-2">
                <h3 className="text-base font-semibold text-slate-900">{t.topPaths}</h3>
                <TopPaths report={report} />
              </div>
            </div>
          </Section>
        </>
      ) : null}
    </AdminPage>
  );
}
