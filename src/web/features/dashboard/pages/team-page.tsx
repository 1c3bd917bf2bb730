import { usePageMeta } from '#web/lib/page-meta.ts';
import { DashboardShell } from '#web/layouts/dashboard-shell.tsx';
import { PlannedFeature } from '../components/planned-feature.tsx';
import { plannedText as t } from '../planned-messages.ts';

/** /team: planned; says so. */
export default function TeamPage() {
  usePageMeta({ title: t.team.title });
  return (
    <DashboardShell>
      <PlannedFeature copy={t.team} />
    </DashboardShell>
  );
}
