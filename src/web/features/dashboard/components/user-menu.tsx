import * as Menu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { useLocation } from 'wouter';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { useLogout } from '#web/lib/session/logout.ts';
import { dashboardText as t } from '../messages.ts';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-900 outline-none data-[highlighted]:bg-ink-50 data-[highlighted]:text-ink-900';

const displayName = (user: PublicUser) => user.name?.trim() || user.email;

/** Profile and Account Settings (both /settings) and Sign Out (part 1 §2). */
export function UserMenu({ user }: { user: PublicUser }) {
  const [, navigate] = useLocation();
  const logout = useLogout();
  const name = displayName(user);
  return (
    // Non-modal: a modal menu locks scrolling by injecting a <style> element, which the CSP refuses.
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={t.userMenu(name)}
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-ink-700 text-sm font-semibold text-white uppercase"
        >
          {name.slice(0, 1)}
        </span>
        <span className="hidden max-w-40 truncate lg:inline">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-30 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Menu.Label className="truncate px-3 py-2 text-xs text-slate-600">{user.email}</Menu.Label>
          <Menu.Item className={itemClass} onSelect={() => navigate('/settings')}>
            <UserRound aria-hidden="true" className="size-4" />
            {t.profile}
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={() => navigate('/settings')}>
            <Settings aria-hidden="true" className="size-4" />
            {t.accountSettings}
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item className={itemClass} disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOut aria-hidden="true" className="size-4" />
            {t.signOut}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
