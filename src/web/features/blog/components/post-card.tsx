import { ArrowRight, Newspaper, Pencil } from 'lucide-react';
import { Link } from 'wouter';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { CategoryBadge } from '#web/features/blog/components/category-badge.tsx';
import { PostDate } from '#web/features/blog/components/post-date.tsx';
import { TagList } from '#web/features/blog/components/tag-list.tsx';
import { postExcerpt } from '#web/features/blog/lib/format.ts';
import { blogText } from '#web/features/blog/messages.ts';

const t = blogText.list;

/** One card of the list: category, date, title, excerpt, tags, Read More (and Edit for admins). */
export function PostCard({ post, isAdmin }: { post: BlogPost; isAdmin: boolean }) {
  const titleId = `post-${post.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="post-card"
    >
      {post.featuredImage ? (
        <img
          src={post.featuredImage}
          alt=""
          loading="lazy"
          decoding="async"
          width={640}
          height={336}
          className="aspect-[40/21] w-full bg-slate-100 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="grid h-20 w-full place-items-center bg-gradient-to-br from-ink-100 via-ink-50 to-emerald-50 text-ink-300 sm:aspect-[40/21] sm:h-auto"
        >
          <Newspaper className="size-8 sm:size-12" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CategoryBadge category={post.category} />
          <PostDate publishedAt={post.publishedAt} />
        </div>
        <h2 id={titleId} className="mt-4 text-xl font-semibold wrap-anywhere text-slate-900">
          {post.title}
        </h2>
        <p className="mt-2 flex-1 wrap-anywhere text-slate-700">{postExcerpt(post)}</p>
        <TagList tags={post.tags} label={t.tagsLabel} className="mt-4" />
        <div className="mt-6 flex items-center justify-between gap-3">
          <Link
            href={`/blog/${encodeURIComponent(post.slug)}`}
            aria-label={`${t.readMore}: ${post.title}`}
            className="inline-flex items-center gap-1 rounded font-semibold text-ink-700 hover:underline"
          >
            {t.readMore}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          {isAdmin ? (
            <Link
              href={`/blog/edit/${post.id}`}
              aria-label={`${t.edit}: ${post.title}`}
              className={buttonClasses('secondary', 'sm')}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t.edit}
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
