import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { usePost } from '#web/features/blog/api/get-post.ts';
import { BlogBreadcrumb } from '#web/features/blog/components/blog-breadcrumb.tsx';
import { BlogMessage } from '#web/features/blog/components/blog-message.tsx';
import { PostArticle } from '#web/features/blog/components/post-article.tsx';
import { PostSkeleton } from '#web/features/blog/components/post-skeletons.tsx';
import { useIsAdmin } from '#web/features/blog/hooks/use-is-admin.ts';
import { postDescription } from '#web/features/blog/lib/format.ts';
import { blogText } from '#web/features/blog/messages.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const t = blogText.post;

/** One post by its slug, or the spec's error when it is absent or unpublished. */
export default function BlogPostPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const post = usePost(slug);
  const isAdmin = useIsAdmin();
  usePageMeta(
    post.data
      ? { fullTitle: blogText.meta.postTitle(post.data.title), description: postDescription(post.data) }
      : post.isError
        ? { title: t.errorTitle }
        : null,
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <BlogBreadcrumb current={post.data?.title ?? (post.isError ? t.errorTitle : undefined)} />
      <div className="mt-6">
        {post.isPending ? (
          <PostSkeleton label={t.loading} />
        ) : post.isError ? (
          <BlogMessage tone="error" title={t.errorTitle} text={t.errorText} headingLevel={1}>
            <Link href="/blog" className={buttonClasses('secondary')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t.back}
            </Link>
          </BlogMessage>
        ) : (
          <PostArticle post={post.data} isAdmin={isAdmin} />
        )}
      </div>
    </div>
  );
}
