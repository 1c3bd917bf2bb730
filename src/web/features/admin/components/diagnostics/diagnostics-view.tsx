import { useDiagnostics } from '#web/features/admin/api/get-diagnostics.ts';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { SigningCertificateSection } from '#web/features/admin/components/certificate/signing-certificate-section.tsx';
import { CertificateCard } from '#web/features/admin/components/diagnostics/certificate-card.tsx';
import { Migrations, RecentErrors } from '#web/features/admin/components/diagnostics/diagnostics-tables.tsx';
import { LogLevelCard } from '#web/features/admin/components/diagnostics/log-level-card.tsx';
import { MailCard } from '#web/features/admin/components/diagnostics/mail-card.tsx';
import { SealsCard } from '#web/features/admin/components/diagnostics/seals-card.tsx';
import { SystemFacts } from '#web/features/admin/components/diagnostics/system-facts.tsx';

/** The server's state; `actions` adds the mail check, the log-level selector and the certificate upload. */
export function DiagnosticsView({
  query,
  actions,
}: {
  query: ReturnType<typeof useDiagnostics>;
  actions: boolean;
}) {
  const data = query.data;
  if (!data) return <QueryState query={query} />;
  return (
    <div className="space-y-6">
      <SystemFacts data={data} fetchedAt={query.dataUpdatedAt} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <MailCard mail={data.mail} actions={actions} />
        <LogLevelCard level={data.logLevel} actions={actions} />
        <SealsCard seals={data.seals} actions={actions} />
      </div>
      {actions ? (
        <SigningCertificateSection />
      ) : (
        <CertificateCard certificate={data.certificate} now={query.dataUpdatedAt} />
      )}
      <div className="grid items-start gap-6 xl:grid-cols-[2fr_1fr]">
        <RecentErrors errors={data.recentErrors} />
        <Migrations migrations={data.database.migrations} />
      </div>
    </div>
  );
}
