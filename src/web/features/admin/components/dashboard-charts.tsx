import type { Dashboard } from '#shared/admin/answers.ts';
import { BarChart } from '#web/features/admin/components/bar-chart.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.dashboard;

export function DashboardCharts({ chart }: { chart: Dashboard['chart'] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BarChart
        title={t.chartSignups}
        labels={chart.days}
        series={[{ label: t.chartSignups, values: chart.signups, color: 'ink' }]}
      />
      <BarChart
        title={t.chartSignatures}
        labels={chart.days}
        series={[{ label: t.chartSignatures, values: chart.signatures, color: 'emerald' }]}
      />
      <BarChart
        title={t.chartLookups}
        labels={chart.days}
        series={[{ label: t.chartLookups, values: chart.lookups, color: 'sky' }]}
      />
      <BarChart
        title={t.chartPageViews}
        labels={chart.days}
        series={[{ label: t.chartPageViews, values: chart.pageViews, color: 'slate' }]}
      />
    </div>
  );
}
