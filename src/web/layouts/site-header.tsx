import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LogoMark } from '#web/components/logo.tsx';
import { cn } from '#web/lib/cn.ts';
import { onEarlyClick } from '#web/lib/early-actions.ts';
import { useSiteName } from '#web/lib/site.ts';
import { HeaderAccountMenu, HeaderActions } from '#web/layouts/header-actions.tsx';
import { isActive, mainNav } from '#web/layouts/nav-items.ts';

function NavLinks({ stacked, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const [location] = useLocation();
  return (
    <ul className={stacked ? 'grid gap-1' : 'flex items-center gap-1'}>
      {mainNav.map((item) => {
        const active = isActive(item, location);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                active ? 'bg-ink-50 text-ink-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteHeader() {
  const [location] = useLocation();
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const siteName = useSiteName();
  const close = () => setOpenAt(null);
  // tapped in the server's markup, before the page's code ran (decision 036)
  useEffect(() => onEarlyClick('menu', () => setOpenAt(location)), [location]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 rounded-lg font-bold text-slate-900">
          <LogoMark className="size-8" />
          <span className="text-lg tracking-tight">{siteName}</span>
          <span className="sr-only">, home</span>
        </Link>
        <nav aria-label="Main" className="ml-4 hidden md:block">
          <NavLinks />
        </nav>
        <div className="ml-auto hidden md:block">
          <HeaderActions />
        </div>
        <div className="ml-auto flex items-center gap-1 md:hidden">
          <HeaderAccountMenu />
          <button
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            aria-expanded={open}
            aria-controls="mobile-menu"
            data-early-click="menu"
            onClick={() => setOpenAt(open ? null : location)}
          >
            {open ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!open} className="border-t border-slate-200 px-4 py-4 md:hidden">
        <nav aria-label="Main mobile">
          <NavLinks stacked onNavigate={close} />
        </nav>
        <div className="mt-4 border-t border-slate-200 pt-4 empty:hidden">
          <HeaderActions stacked onNavigate={close} />
        </div>
      </div>
    </header>
  );
}
