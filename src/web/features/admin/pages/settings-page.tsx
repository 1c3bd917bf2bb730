import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminSettingsPage() {
  return (
    <AdminPagePlaceholder
      title="Admin Settings"
      purpose="Set site-wide options such as the site name and how long anonymous signatures are kept."
    />
  );
}
