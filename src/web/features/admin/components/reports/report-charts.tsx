import type { Report, ReportSeriesName } from '#shared/admin/answers.ts';
import { BarChart } from '#web/features/admin/components/bar-chart.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.reports;

/** One chart per subject; documents only when the server reports them. */
export function ReportCharts({ report }: { report: Report }) {
  const { days, series } = report;
  const s = (name: ReportSeriesName) => series[name] ?? days.map(() => 0);
  const hasDocuments = 'documentsUploaded' in series || 'documentsSigned' in series;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <BarChart
        headingLevel="h2"
        title={t.signups}
        labels={days}
        series={[{ label: t.signups, values: s('signups'), color: 'ink' }]}
      />
      <BarChart
        headingLevel="h2"
        title={t.signatures}
        labels={days}
        series={[{ label: t.signatures, values: s('signaturesCreated'), color: 'emerald' }]}
      />
      <BarChart
        headingLevel="h2"
        title={t.lookups}
        labels={days}
        series={[
          { label: t.lookupsFound, values: s('lookupsFound'), color: 'emerald' },
          { label: t.lookupsNotFound, values: s('lookupsNotFound'), color: 'amber' },
          { label: t.lookupsExpired, values: s('lookupsExpiredOrRevoked'), color: 'slate' },
          { label: t.lookupsLimited, values: s('lookupsRateLimited'), color: 'red' },
        ]}
      />
      {hasDocuments ? (
        <BarChart
          headingLevel="h2"
          title={t.documents}
          labels={days}
          mode="grouped"
          series={[
            { label: t.documentsUploaded, values: s('documentsUploaded'), color: 'sky' },
            { label: t.documentsSigned, values: s('documentsSigned'), color: 'ink' },
          ]}
        />
      ) : null}
    </div>
  );
}
