import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { blogText } from '#web/features/blog/messages.ts';

const t = blogText.breadcrumb;

/** Home › Blog › (the post's title). The last crumb is the current page. */
export function BlogBreadcrumb({ current }: { current?: string }) {
  const crumbs = [
    { href: '/', label: t.home },
    { href: '/blog', label: t.blog },
  ];
  return (
    <nav aria-label={t.label}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {crumbs.map((crumb, index) => {
          const isCurrent = current === undefined && index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex items-center gap-1">
              {index > 0 ? (
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              ) : null}
              <Link
                href={crumb.href}
                aria-current={isCurrent ? 'page' : undefined}
                className={
                  isCurrent
                    ? 'rounded font-medium text-slate-900'
                    : 'rounded hover:text-ink-700 hover:underline'
                }
              >
                {crumb.label}
              </Link>
            </li>
          );
        })}
        {current !== undefined ? (
          <li className="flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span aria-current="page" className="truncate font-medium text-slate-900">
              {current}
            </span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
