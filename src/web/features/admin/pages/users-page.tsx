import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminUsersPage() {
  return (
    <AdminPagePlaceholder
      title="Users"
      purpose="Search user accounts, change their roles, and disable or remove them."
    />
  );
}
