import { ChevronDown, LogOut } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'wouter';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { cn } from '#web/lib/cn.ts';
import { useLogout } from '#web/lib/session/logout.ts';
import { accountLinks, accountText as t, adminLink, isCurrent } from '#web/layouts/account-nav-items.ts';

const displayName = (user: PublicUser) => user.name?.trim() || user.email;

const itemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-800 hover:bg-ink-50 hover:text-ink-900 focus-visible:bg-ink-50 focus-visible:outline-offset-0';

/**
 * The signed-in user's menu in the header: a button that shows and hides a list of real links
 * (the disclosure pattern, right for navigation: Tab walks through it, links open in new tabs
 * as links do), plus Sign out. Escape closes it and gives the focus back to the button; leaving
 * it with Tab or a click elsewhere closes it; the arrow keys move between its items.
 */
export function AccountMenu({ user }: { user: PublicUser }) {
  const [location] = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const logout = useLogout();
  const name = displayName(user);
  const links = user.role === 'admin' ? [...accountLinks, adminLink] : accountLinks;

  const items = () => [...(rootRef.current?.querySelectorAll<HTMLElement>('[data-account-item]') ?? [])];

  useEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const inside = (target: EventTarget | null) => target instanceof Node && root.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setOpenAt(null);
    };
    // Tabbing out of the menu closes it, as a click elsewhere does.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget && !inside(event.relatedTarget)) setOpenAt(null);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // A key the button already acted on (the arrow that opened the menu) moves nothing more.
      if (event.defaultPrevented || !inside(event.target)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpenAt(null);
        buttonRef.current?.focus();
        return;
      }
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const moves: Record<string, number> = {
        ArrowDown: (at + 1) % list.length,
        ArrowUp: (at - 1 + list.length) % list.length,
        Home: 0,
        End: list.length - 1,
      };
      const next = moves[event.key];
      if (next === undefined || list.length === 0) return;
      event.preventDefault();
      list[next]?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  // Closed, the arrow key down opens the menu on its first item, as menu buttons do. Shown and
  // focused before the handler returns: a focus left for the next frame took it back from a Tab
  // pressed meanwhile, and the menu stayed open with the focus gone past it.
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open || event.key !== 'ArrowDown') return;
    event.preventDefault();
    flushSync(() => setOpenAt(location));
    items()[0]?.focus();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t.menuLabel(name)}
        data-testid="account-menu-button"
        onClick={() => setOpenAt(open ? null : location)}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-lg py-1.5 pr-2 pl-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-expanded:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full bg-ink-700 text-sm font-semibold text-white uppercase"
        >
          {name.slice(0, 1)}
        </span>
        <span aria-hidden="true" className="hidden max-w-36 truncate lg:inline">
          {name}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {/* Whole, not cut off: which account this is matters more here than one tidy line. */}
        <p className="border-b border-slate-200 px-3 pt-1 pb-3 text-sm [overflow-wrap:anywhere]">
          <span className="block text-slate-600">{t.signedInAs}</span>
          <span className="block font-semibold text-slate-900">{name}</span>
          {name !== user.email ? <span className="block text-slate-600">{user.email}</span> : null}
        </p>
        <nav aria-label={t.navLabel} className="py-1">
          <ul>
            {links.map((link) => {
              const current = isCurrent(link, location);
              const Icon = link.icon;
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    data-account-item
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setOpenAt(null)}
                    className={cn(itemClass, current && 'bg-ink-50 text-ink-900')}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-slate-200 pt-1">
          <button
            type="button"
            data-account-item
            disabled={logout.isPending}
            onClick={() => {
              setOpenAt(null);
              logout.mutate();
            }}
            className={itemClass}
          >
            <LogOut aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
            {t.signOut}
          </button>
        </div>
      </div>
    </div>
  );
}
