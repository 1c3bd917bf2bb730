import { useParams } from 'wouter';
import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminBlogEditPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <AdminPagePlaceholder
      title="Edit Blog Post"
      purpose={`Edit the text, images and tags of blog post ${id ?? ''} and publish the changes.`}
    />
  );
}
