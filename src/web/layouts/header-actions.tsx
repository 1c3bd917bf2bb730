import { LogOut } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useUser } from '#web/lib/session/get-user.ts';
import { useLogout } from '#web/lib/session/logout.ts';

/** Get Started and Help when signed out; Create Signature (non-admins), Admin (admins) and Logout when signed in. */
export function HeaderActions({
  stacked = false,
  onNavigate,
}: {
  stacked?: boolean;
  onNavigate?: () => void;
}) {
  const { data: user, isPending } = useUser();
  const logout = useLogout();
  if (isPending) return null;
  const layout = stacked ? 'flex flex-col gap-2' : 'flex items-center gap-2';
  const full = stacked ? 'w-full' : undefined;

  if (!user) {
    return (
      <div className={layout}>
        <Link href="/about" onClick={onNavigate} className={cn(buttonClasses('ghost'), full)}>
          Help
        </Link>
        <Link href="/auth" onClick={onNavigate} className={cn(buttonClasses('primary'), full)}>
          Get Started
        </Link>
      </div>
    );
  }

  const isAdmin = user.role === 'admin';
  return (
    <div className={layout}>
      {isAdmin ? (
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
