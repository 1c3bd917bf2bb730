import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminDebugSettingsPage() {
  return (
    <AdminPagePlaceholder
      title="System Diagnostics"
      purpose="Check the health of the database, mail delivery and file storage."
    />
  );
}
