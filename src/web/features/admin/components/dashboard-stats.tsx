import { Eye, FileText, ScanSearch, Signature, Users } from 'lucide-react';
import type { Dashboard } from '#shared/admin/answers.ts';
import { countsOf } from '#web/features/admin/components/extra-counts.ts';
import { StatCard } from '#web/features/admin/components/stat-card.tsx';
import { formatNumber as n } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.dashboard;

export function DashboardStats({ data }: { data: Dashboard }) {
  const documents = countsOf(data.documents);
  const documentTotal = documents.find(([label]) => label === 'Total');
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label={t.users} value={data.users.total} icon={Users}>
        <p>{t.newThisWeek(n(data.users.newThisWeek))}</p>
      </StatCard>
      <StatCard label={t.signatures} value={data.signatures.total} icon={Signature}>
        <p>{t.split(n(data.signatures.anonymous), n(data.signatures.registered))}</p>
        <p className={data.signatures.expiringSoon ? 'font-medium text-amber-800' : undefined}>
          {t.expiringSoon(n(data.signatures.expiringSoon))}
        </p>
      </StatCard>
      <StatCard label={t.lookups} value={data.lookups.total} icon={ScanSearch}>
        <p>{t.lookups30(n(data.lookups.last30Days))}</p>
      </StatCard>
      <StatCard label={t.pageViews} value={data.pageViews.last30Days} icon={Eye}>
        <p>{t.pageViewsNote}</p>
      </StatCard>
      {documents.length ? (
        <StatCard
          label={t.documents}
          value={documentTotal?.[1] ?? documents.reduce((a, [, v]) => a + v, 0)}
          icon={FileText}
        >
          <p>
            {documents
              .filter(([label]) => label !== 'Total')
              .map(([label, v]) => `${n(v)} ${label.toLowerCase()}`)
              .join(' · ')}
          </p>
        </StatCard>
      ) : null}
    </div>
  );
}
