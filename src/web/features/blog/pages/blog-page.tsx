import { Plus } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { usePosts } from '#web/features/blog/api/list-posts.ts';
import { BlogBreadcrumb } from '#web/features/blog/components/blog-breadcrumb.tsx';
import { BlogMessage } from '#web/features/blog/components/blog-message.tsx';
import { PostCard } from '#web/features/blog/components/post-card.tsx';
import { PostCardSkeletons } from '#web/features/blog/components/post-skeletons.tsx';
import { useIsAdmin } from '#web/features/blog/hooks/use-is-admin.ts';
import { blogText } from '#web/features/blog/messages.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';

const t = blogText.list;

function PostList() {
  const posts = usePosts();
  const isAdmin = useIsAdmin();
  if (posts.isPending) return <PostCardSkeletons label={t.loading} />;
  if (posts.isError) return <BlogMessage tone="error" title={t.errorTitle} text={t.errorText} />;
  if (posts.data.length === 0) return <BlogMessage tone="empty" title={t.emptyTitle} text={t.emptyText} />;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.data.map((post) => (
        <li key={post.id} className="flex min-w-0">
          <PostCard post={post} isAdmin={isAdmin} />
        </li>
      ))}
    </ul>
  );
}

/** Breadcrumb, title, intro, the card grid, and Create New Post for admins. */
export default function BlogPage() {
  usePageMeta({ fullTitle: blogText.meta.listTitle, description: blogText.meta.listDescription });
  const isAdmin = useIsAdmin();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <BlogBreadcrumb />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t.title}</h1>
          <p className="mt-3 text-lg text-slate-700">{t.intro}</p>
        </div>
        {isAdmin ? (
          <Link href="/blog/new" className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            {t.createNew}
          </Link>
        ) : null}
      </div>
      <div className="mt-10">
        <PostList />
      </div>
    </div>
  );
}
