import { LogOut } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '#shared/accounts/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { buttonClasses } from '#web/components/ui/button-classes.ts';
import { cn } from '#web/lib/cn.ts';
import { useLogout } from '#web/lib/session/logout.ts';
import { headerActionsLayout, type HeaderActionsProps } from '#web/layouts/header-actions-layout.ts';

/** The header's Create Signature (non-admins) or Admin (admins), and Logout. */
export default function SignedInActions({
  user,
  stacked = false,
  onNavigate,
}: HeaderActionsProps & { user: PublicUser }) {
  const logout = useLogout();
  const full = stacked ? 'w-full' : undefined;
  return (
    <div className={headerActionsLayout(stacked)}>
      {user.role === 'admin' ? (
        <Link href="/admin/dashboard" onClick={onNavigate} className={cn(buttonClasses('subtle'), full)}>
          Admin
        </Link>
      ) : (
        <Link href="/signature" onClick={onNavigate} className={cn(buttonClasses('primary'), full)}>
          Create Signature
        </Link>
      )}
      <Button
        variant="secondary"
        className={full}
        disabled={logout.isPending}
        onClick={() => {
          onNavigate?.();
          logout.mutate();
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Logout
      </Button>
    </div>
  );
}
