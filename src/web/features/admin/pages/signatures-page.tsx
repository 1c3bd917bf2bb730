import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminSignaturesPage() {
  return (
    <AdminPagePlaceholder
      title="Signatures"
      purpose="Browse, search and remove signatures created on this server."
    />
  );
}
