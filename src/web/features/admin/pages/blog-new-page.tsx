import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminBlogNewPage() {
  return (
    <AdminPagePlaceholder
      title="New Blog Post"
      purpose="Write a new blog post and publish it when it is ready."
    />
  );
}
