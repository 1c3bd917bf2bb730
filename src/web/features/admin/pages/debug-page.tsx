import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminDebugPage() {
  return (
    <AdminPagePlaceholder
      title="Debug"
      purpose="Inspect recent server errors and requests to find what went wrong."
    />
  );
}
