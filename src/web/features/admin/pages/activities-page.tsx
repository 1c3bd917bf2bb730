import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminActivitiesPage() {
  return (
    <AdminPagePlaceholder
      title="Activity Logs"
      purpose="A log of sign-ins, account changes and administrative actions."
    />
  );
}
