import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminSecuritySettingsPage() {
  return (
    <AdminPagePlaceholder
      title="Security Settings"
      purpose="Set rate limits, lockouts and session rules for this server."
    />
  );
}
