import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Alert } from '#web/components/ui/alert.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useAdminPost } from '#web/features/blog/api/admin-get-post.ts';
import { AdminBlogFrame } from '#web/features/blog/admin/components/admin-blog-frame.tsx';
import { PostForm } from '#web/features/blog/admin/components/post-form.tsx';
import { blogAdminText } from '#web/features/blog/messages.ts';

const t = blogAdminText.editor;

const backLink = (
  <Link href="/admin/blog" className={buttonClasses('secondary')}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    {t.backToList}
  </Link>
);

/** /admin/blog/new (and /blog/new, which leads here). */
export function NewPostPage() {
  return (
    <AdminBlogFrame title={t.newTitle} lead={t.newLead} actions={backLink}>
      <PostForm />
    </AdminBlogFrame>
  );
}

/** /admin/blog/edit/{id} (and /blog/edit/{id}, which leads here). */
export function EditPostPage() {
  const { id = '' } = useParams<{ id: string }>();
  const postId = Number(id);
  const post = useAdminPost(postId);
  const viewLink = post.data?.published ? (
    <Link href={`/blog/${post.data.slug}`} className={buttonClasses('ghost')}>
      <ExternalLink aria-hidden="true" className="size-4" />
      {t.viewPost}
    </Link>
  ) : null;
  return (
    <AdminBlogFrame
      title={t.editTitle}
      lead={t.editLead}
      actions={
        <>
          {viewLink}
          {backLink}
        </>
      }
    >
      {post.isPending ? (
        <LoadingState label={t.loading} />
      ) : post.isError ? (
        <Alert tone="error" role="alert" title={t.loadError}>
          {post.error.message}
        </Alert>
      ) : (
        <PostForm key={post.data.id} post={post.data} />
      )}
    </AdminBlogFrame>
  );
}
