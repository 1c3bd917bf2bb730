import { usePageMeta } from '#web/lib/page-meta.ts';
import { DashboardShell } from '../components/dashboard-shell.tsx';
import { PlannedFeature } from '../components/planned-feature.tsx';
import { plannedText as t } from '../planned-messages.ts';

/** /templates: planned; says so. */
export default function TemplatesPage() {
  usePageMeta({ title: t.templates.title });
  return (
    <DashboardShell>
      <PlannedFeature copy={t.templates} />
    </DashboardShell>
  );
}
