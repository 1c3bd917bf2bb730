import { Wrench } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { useDiagnostics } from '#web/features/admin/api/get-diagnostics.ts';
import { AdminPage } from '#web/components/admin-page.tsx';
import { DiagnosticsView } from '#web/features/admin/components/diagnostics/diagnostics-view.tsx';
import { JobsSection } from '#web/features/admin/components/diagnostics/jobs-section.tsx';
import { RefreshButton } from '#web/features/admin/components/query-state.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.diagnostics;

/** /admin/debug: the read-only overview. */
export default function AdminDebugPage() {
  const query = useDiagnostics();
  return (
    <AdminPage
      title={t.overviewTitle}
      lead={t.overviewLead}
      actions={
        <>
          <RefreshButton onClick={() => void query.refetch()} busy={query.isFetching} />
          <Link href="/admin/debug-settings" className={buttonClasses('secondary', 'sm')}>
            <Wrench aria-hidden="true" className="size-4" />
            {t.toSettings}
          </Link>
        </>
      }
    >
      <DiagnosticsView query={query} actions={false} />
      <JobsSection actions={false} />
    </AdminPage>
  );
}
