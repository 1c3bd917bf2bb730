import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ADMIN_PAGE_SIZE, useAdminPosts } from '#web/features/blog/api/admin-list-posts.ts';
import { AdminBlogFrame } from '#web/features/blog/admin/components/admin-blog-frame.tsx';
import { DeletePostDialog } from '#web/features/blog/admin/components/delete-post-dialog.tsx';
import { Pager } from '#web/features/blog/admin/components/pager.tsx';
import { PostTable } from '#web/features/blog/admin/components/post-table.tsx';
import { SearchField } from '#web/components/search-field.tsx';
import { blogAdminText } from '#web/features/blog/messages.ts';

const t = blogAdminText.list;

/** /admin/blog: every post (drafts too) with search, status, edit, publish/unpublish and delete. */
export default function AdminBlogListPage() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const posts = useAdminPosts(page, q);
  const onSearch = useCallback((next: string) => {
    setQ((current) => {
      if (current !== next) setPage(1);
      return next;
    });
  }, []);

  return (
    <AdminBlogFrame
      title={t.title}
      lead={t.lead}
      actions={
        <Link href="/admin/blog/new" className={buttonClasses('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t.newPost}
        </Link>
      }
    >
      <SearchField
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={q}
        onSearch={onSearch}
        className="w-full sm:max-w-sm"
      />
      {posts.isPending ? (
        <LoadingState label={t.loading} />
      ) : posts.isError ? (
        <Alert tone="error" role="alert" title={t.loadError}>
          {posts.error.message}
        </Alert>
      ) : posts.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {q ? t.noMatch(q) : t.empty}
        </p>
      ) : (
        <>
          <PostTable posts={posts.data.items} onDelete={setDeleting} />
          {posts.data.total > ADMIN_PAGE_SIZE ? (
            <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={posts.data.total} onPage={setPage} />
          ) : null}
        </>
      )}
      <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />
    </AdminBlogFrame>
  );
}
