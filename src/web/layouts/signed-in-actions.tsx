import { Link } from 'wouter';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { buttonClasses } from '#web/components/ui/button-classes.ts';
import { cn } from '#web/lib/cn.ts';
import { AccountMenu } from '#web/layouts/account-menu.tsx';
import { headerActionsLayout, type HeaderActionsProps } from '#web/layouts/header-actions-layout.ts';

export { AccountMenu };

/**
 * The header's Create Signature (not for admins) and, on wide screens, the account menu;
 * on small screens the menu sits in the header bar itself and the folded panel holds the rest.
 */
export default function SignedInActions({
  user,
  stacked = false,
  onNavigate,
}: HeaderActionsProps & { user: PublicUser }) {
  const full = stacked ? 'w-full' : undefined;
  if (stacked && user.role === 'admin') return null;
  return (
    <div className={headerActionsLayout(stacked)}>
      {user.role === 'admin' ? null : (
        <Link href="/signature" onClick={onNavigate} className={cn(buttonClasses('primary'), full)}>
          Create Signature
        </Link>
      )}
      {stacked ? null : <AccountMenu user={user} />}
    </div>
  );
}
