import { Bell } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '#web/lib/cn.ts';
import { useUser } from '#web/lib/session/get-user.ts';
import { useDashboardDocuments } from '../api/get-documents.ts';
import { awaitingSignature } from '../lib/counts.ts';
import { dashboardText as t } from '../messages.ts';
import { topLinks } from './nav-items.ts';
import { UserMenu } from './user-menu.tsx';

/** Dashboard, Documents, Templates, Settings; a badge with the documents awaiting a signature; the user menu. */
export function DashboardTopBar() {
  const [location] = useLocation();
  const { data: user } = useUser();
  const { data: docs } = useDashboardDocuments();
  const waiting = docs ? awaitingSignature(docs) : 0;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-slate-200 bg-white px-3 py-2 shadow-sm">
      <nav aria-label={t.topNav}>
        <ul className="flex flex-wrap items-center gap-1">
          {topLinks.map(({ href, label }) => {
            const active = location === href;
            return (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'block rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-3',
                    active
                      ? 'bg-ink-50 text-ink-800'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="ml-auto flex items-center gap-1">
        <Link
          href="/documents?status=pending"
          aria-label={t.notifications(waiting)}
          data-testid="notification-badge"
          className="relative grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <Bell aria-hidden="true" className="size-5" />
          {waiting > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 grid min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-semibold text-white"
            >
              {waiting > 99 ? '99+' : waiting}
            </span>
          ) : null}
        </Link>
        {user ? <UserMenu user={user} /> : null}
      </div>
    </div>
  );
}
