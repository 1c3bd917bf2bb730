import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '#web/components/ui/button-classes.ts';
import { cn } from '#web/lib/cn.ts';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { signedOutAtLoad, useUser } from '#web/lib/session/get-user.ts';
import { headerActionsLayout, type HeaderActionsProps } from '#web/layouts/header-actions-layout.ts';

// What a signed-in user sees (and logging out) is its own chunk: most visitors are signed out.
const loadSignedInActions = reloadingOnMissingChunk(() => import('#web/layouts/signed-in-actions.tsx'));
const SignedInActions = lazy(loadSignedInActions);
const AccountMenu = lazy(() => loadSignedInActions().then((m) => ({ default: m.AccountMenu })));
// With a session cookie the user is probably signed in: fetch the chunk beside GET /api/user.
if (!signedOutAtLoad()) void loadSignedInActions();

/** Get Started and Help when signed out; Create Signature (non-admins) and the account menu when signed in. */
export function HeaderActions({ stacked = false, onNavigate }: HeaderActionsProps) {
  const { data: user, isPending } = useUser();
  if (isPending) return null;
  const full = stacked ? 'w-full' : undefined;

  if (!user) {
    return (
      <div className={headerActionsLayout(stacked)}>
        <Link href="/about" onClick={onNavigate} className={cn(buttonClasses('ghost'), full)}>
          Help
        </Link>
        <Link href="/auth" onClick={onNavigate} className={cn(buttonClasses('primary'), full)}>
          Get Started
        </Link>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInActions user={user} stacked={stacked} onNavigate={onNavigate} />
    </Suspense>
  );
}

/** On small screens the account menu stays in the header bar, beside the menu button. */
export function HeaderAccountMenu() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
