import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminDashboardPage() {
  return (
    <AdminPagePlaceholder
      title="Dashboard"
      purpose="An overview of users, signatures, documents and recent activity on this server."
    />
  );
}
