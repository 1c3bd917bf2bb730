import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '#web/lib/cn.ts';
import { dashboardText as t } from '../messages.ts';
import { sidebarLinks } from './nav-items.ts';

const linkBase = 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors';

/** The document app's sidebar; on small screens it folds away behind a Menu button. */
export function DashboardSidebar() {
  const [location] = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  return (
    <nav
      aria-label={t.appNav}
      className="rounded-2xl border border-slate-200 bg-slate-50 p-3 md:sticky md:top-20 md:self-start"
    >
      <button
        type="button"
        onClick={() => setOpenAt(open ? null : location)}
        aria-expanded={open}
        aria-controls="dashboard-menu-links"
        className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-200 md:hidden"
      >
        {t.menuToggle}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id="dashboard-menu-links"
        className={cn('gap-1 sm:grid-cols-2 md:grid md:grid-cols-1', open ? 'mt-2 grid md:mt-0' : 'hidden')}
      >
        {sidebarLinks.map(({ href, label, icon: Icon }) => {
          const active = location === href;
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  linkBase,
                  active ? 'bg-ink-700 text-white' : 'text-slate-700 hover:bg-slate-200 hover:text-slate-900',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
