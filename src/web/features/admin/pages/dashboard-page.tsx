import { ArrowRight, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { useDashboard } from '#web/features/admin/api/get-dashboard.ts';
import { ActivityTable } from '#web/features/admin/components/activity-table.tsx';
import { AdminPage, Section } from '#web/components/admin-page.tsx';
import { DashboardCharts } from '#web/features/admin/components/dashboard-charts.tsx';
import { DashboardStats } from '#web/features/admin/components/dashboard-stats.tsx';
import { QueryState, RefreshButton } from '#web/features/admin/components/query-state.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.dashboard;

export default function AdminDashboardPage() {
  const query = useDashboard();
  const { data } = query;
  return (
    <AdminPage
      title={t.title}
      lead={t.lead}
      actions={
        <>
          <RefreshButton onClick={() => void query.refetch()} busy={query.isFetching} />
          {/* The admin menu of the spec has no entry for /admin/settings: reach it from here. */}
          <Link href="/admin/settings" className={buttonClasses('secondary', 'sm')}>
            <Settings aria-hidden="true" className="size-4" />
            {t.siteSettings}
          </Link>
        </>
      }
    >
      <QueryState query={query} />
      {data ? (
        <>
          <DashboardStats data={data} />
          <Section id="trends-heading" title={t.trendsHeading} description={t.trendsLead}>
            <DashboardCharts chart={data.chart} />
          </Section>
          <Section
            id="recent-heading"
            title={t.recentHeading}
            actions={
              <Link href="/admin/activities" className={buttonClasses('ghost', 'sm')}>
                {t.allActivity}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            }
          >
            <ActivityTable items={data.recentActivity} caption={t.recentCaption} emptyText={t.noActivity} />
          </Section>
        </>
      ) : null}
    </AdminPage>
  );
}
