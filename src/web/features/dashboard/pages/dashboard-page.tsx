import { PageHeading } from '#web/components/page-heading.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useUser } from '#web/lib/session/get-user.ts';
import { useDashboardDocuments } from '../api/get-documents.ts';
import { useRecentTemplates } from '../api/get-templates.ts';
import { AwaitingLink } from '../components/awaiting-link.tsx';
import { DashboardShell } from '#web/layouts/dashboard-shell.tsx';
import { MoreLinks } from '../components/more-links.tsx';
import { QuickActions } from '../components/quick-actions.tsx';
import { RecentDocuments } from '../components/recent-documents.tsx';
import { RecentTemplates } from '../components/recent-templates.tsx';
import { StatusCounts } from '../components/status-counts.tsx';
import { awaitingSignature, countByStatus, recentDocuments } from '../lib/counts.ts';
import { dashboardText as t } from '../messages.ts';

/** /dashboard: the document app's overview. */
export default function DashboardPage() {
  usePageMeta({ title: t.title });
  const { data: user } = useUser();
  const docs = useDashboardDocuments();
  const list = docs.data ?? null;
  const templates = useRecentTemplates();
  return (
    <DashboardShell>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeading title={t.title} lead={`${t.welcome(user?.name ?? null)} ${t.lead}`} />
        <AwaitingLink count={list ? awaitingSignature(list) : null} />
      </div>
      <QuickActions />
      <StatusCounts
        counts={list ? countByStatus(list) : null}
        error={docs.isError ? docs.error.message : null}
        onRetry={() => void docs.refetch()}
      />
      <RecentDocuments docs={list ? recentDocuments(list) : docs.isError ? [] : null} />
      <RecentTemplates items={templates.data?.items ?? null} failed={templates.isError} />
      <MoreLinks />
    </DashboardShell>
  );
}
