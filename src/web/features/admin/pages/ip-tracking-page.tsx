import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminIpTrackingPage() {
  return (
    <AdminPagePlaceholder
      title="IP Tracking"
      purpose="See which addresses sign in and look up signatures, and block abusive ones."
    />
  );
}
