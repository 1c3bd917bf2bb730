import { ArrowLeft, Pencil, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { CategoryBadge } from '#web/features/blog/components/category-badge.tsx';
import { PostBody } from '#web/features/blog/components/post-body.tsx';
import { PostDate } from '#web/features/blog/components/post-date.tsx';
import { TagList } from '#web/features/blog/components/tag-list.tsx';
import { blogText } from '#web/features/blog/messages.ts';

const t = blogText.post;

/** A whole post: category, title, date, author label, featured image, body, tags. All text stays text. */
export function PostArticle({ post, isAdmin }: { post: BlogPost; isAdmin: boolean }) {
  return (
    <article>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          href="/blog"
          className="inline-flex items-center gap-1 rounded text-sm font-semibold text-ink-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t.back}
        </Link>
        {isAdmin ? (
          <Link href={`/blog/edit/${post.id}`} className={buttonClasses('secondary', 'sm')}>
            <Pencil aria-hidden="true" className="size-4" />
            {t.editPost}
          </Link>
        ) : null}
      </div>
      <header className="mt-8">
        <CategoryBadge category={post.category} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight wrap-anywhere text-slate-900 sm:text-4xl">
          {post.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2">
          <PostDate publishedAt={post.publishedAt} />
          {post.authorId !== null ? (
            <span
              className="inline-flex items-center gap-1.5 text-sm text-slate-600"
              data-testid="post-author"
            >
              <UserRound aria-hidden="true" className="size-4" />
              <span className="sr-only">{t.authorPrefix} </span>
              {t.author}
            </span>
          ) : null}
        </div>
      </header>
      {post.featuredImage ? (
        <img
          src={post.featuredImage}
          alt=""
          width={1200}
          height={630}
          decoding="async"
          className="mt-8 aspect-[40/21] w-full rounded-2xl bg-slate-100 object-cover"
        />
      ) : null}
      <div className="mt-8">
        <PostBody content={post.content} />
      </div>
      <TagList tags={post.tags} label={t.tagsLabel} className="mt-8 border-t border-slate-200 pt-6" />
    </article>
  );
}
