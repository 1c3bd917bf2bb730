import { LayoutTemplate, Send } from 'lucide-react';
import { Link } from 'wouter';
import type { TemplateSummary } from '#shared/templates/answers.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { dashboardText as t } from '../messages.ts';

const roleNames = (item: TemplateSummary) =>
  item.roles
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((r) => r.name)
    .join(', ');

/** A few recent templates, each with a Use link when it can be used. */
export function RecentTemplates({ items, failed }: { items: TemplateSummary[] | null; failed: boolean }) {
  return (
    <section
      aria-labelledby="templates-title"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="templates-title" className="text-lg font-semibold text-slate-900">
          {t.templatesTitle}
        </h2>
        <Link href="/templates" className="text-sm font-medium text-ink-700 hover:underline">
          {t.templatesAll}
        </Link>
      </div>
      {failed ? (
        <p className="p-4 text-slate-700">{t.templatesFailed}</p>
      ) : items === null ? (
        <div className="space-y-3 p-4">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : items.length === 0 ? (
        <div className="space-y-3 p-4">
          <p className="text-slate-700">{t.templatesEmpty}</p>
          <Link href="/templates" className={buttonClasses('secondary', 'sm')}>
            {t.templatesNew}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="recent-templates">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 px-4 py-3">
              <LayoutTemplate aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
              <span className="min-w-0 flex-1">
                <Link
                  href={`/templates/${item.id}`}
                  className="block truncate font-medium text-slate-900 hover:underline"
                >
                  {item.name}
                </Link>
                <span className="block truncate text-sm text-slate-600">
                  {t.templateRoles(roleNames(item))}
                </span>
              </span>
              {item.ready && item.fileAvailable ? (
                <Link
                  href={`/templates/${item.id}/use`}
                  aria-label={t.templateUseNamed(item.name)}
                  className={buttonClasses('secondary', 'sm')}
                >
                  <Send aria-hidden="true" className="size-4" />
                  {t.templateUse}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
