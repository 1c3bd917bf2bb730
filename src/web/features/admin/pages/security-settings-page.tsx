import { useSecuritySettings } from '#web/features/admin/api/get-security-settings.ts';
import { AdminPage } from '#web/components/admin-page.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { SecurityForm } from '#web/features/admin/components/security/security-form.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.security;

export default function AdminSecuritySettingsPage() {
  const query = useSecuritySettings();
  return (
    <AdminPage title={t.title} lead={t.lead}>
      <QueryState query={query} />
      {query.data ? <SecurityForm key={JSON.stringify(query.data)} settings={query.data} /> : null}
    </AdminPage>
  );
}
