import { ArrowLeft, ChevronDown, PanelLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { SidebarSize } from '#shared/constants.ts';
import { cn } from '#web/lib/cn.ts';
import { adminNav } from '#web/layouts/admin-nav-items.ts';
import { nextSidebarSize, useSidebarSize } from '#web/layouts/use-sidebar-size.ts';

const widths: Record<SidebarSize, string> = {
  small: 'md:w-60',
  medium: 'md:w-72',
  large: 'md:w-80 lg:w-96',
};

const linkBase = 'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors';

export function AdminSidebar() {
  const [location] = useLocation();
  const { size, cycle } = useSidebarSize();
  // On small screens the menu folds away; it belongs to the page it was opened on.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  return (
    <aside
      data-size={size}
      className={cn(
        'w-full shrink-0 border-b border-slate-200 bg-slate-50 md:border-r md:border-b-0',
        widths[size],
      )}
    >
      <nav aria-labelledby="admin-menu-title" className="p-4 md:sticky md:top-16">
        <div className="mb-3 flex items-center justify-between gap-2 px-1">
          <h2 id="admin-menu-title" className="text-base font-semibold text-slate-900">
            Admin Dashboard
          </h2>
          <button
            type="button"
            onClick={cycle}
            className="hidden items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200 md:inline-flex"
            aria-label={`Sidebar width: ${size}. Change to ${nextSidebarSize(size)}`}
          >
            <PanelLeft aria-hidden="true" className="size-4" />
            <span className="capitalize">{size}</span>
          </button>
          <button
            type="button"
            onClick={() => setOpenAt(open ? null : location)}
            aria-expanded={open}
            aria-controls="admin-menu-links"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-200 md:hidden"
          >
            {open ? 'Hide menu' : 'Show menu'}
            <ChevronDown
              aria-hidden="true"
              className={cn('size-4 transition-transform', open && 'rotate-180')}
            />
          </button>
        </div>
        <ul
          id="admin-menu-links"
          className={cn('gap-1 sm:grid-cols-2 md:grid md:grid-cols-1', open ? 'grid' : 'hidden')}
        >
          {adminNav.map(({ href, label, icon: Icon }) => {
            const active = location === href || location.startsWith(`${href}/`);
            return (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    linkBase,
                    active
                      ? 'bg-ink-700 text-white'
                      : 'text-slate-700 hover:bg-slate-200 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  <span className="truncate">{label}</span>
                </Link>
              </li>
            );
          })}
          <li className="mt-2 border-t border-slate-200 pt-2 sm:col-span-2 md:col-span-1">
            <Link href="/" className={cn(linkBase, 'text-slate-700 hover:bg-slate-200 hover:text-slate-900')}>
              <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
              Exit Admin Mode
            </Link>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
