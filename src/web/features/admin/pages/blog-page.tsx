import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminBlogPage() {
  return (
    <AdminPagePlaceholder title="Blog Management" purpose="Write, edit, publish and remove blog posts." />
  );
}
