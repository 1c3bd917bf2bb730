import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { dashboardText as t } from '../messages.ts';
import { moreLinks } from './nav-items.ts';

/** Templates, Team Members and Support: the rest of the document app. */
export function MoreLinks() {
  return (
    <section aria-labelledby="more-title">
      <h2 id="more-title" className="text-lg font-semibold text-slate-900">
        {t.moreTitle}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {moreLinks.map(({ href, label, text, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              className="flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 hover:border-ink-300 hover:bg-ink-50"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-ink-700" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{label}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
