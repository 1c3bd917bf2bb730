import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminReportsPage() {
  return (
    <AdminPagePlaceholder
      title="Reports"
      purpose="Figures on signatures created, verified and documents signed over time."
    />
  );
}
