import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useUser } from '#web/lib/session/get-user.ts';

function useReturnPath() {
  const [location] = useLocation();
  const search = useSearch();
  return encodeURIComponent(search ? `${location}?${search}` : location);
}

/** Signed-in users only: a spinner while the user loads, /auth when signed out. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  const returnPath = useReturnPath();
  if (isPending) return <LoadingState fullScreen label="Checking your session…" />;
  if (!user) return <Redirect to={`/auth?redirect=${returnPath}`} replace />;
  return children;
}

/** As ProtectedRoute; a signed-in user who is not an admin goes to /. */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  const returnPath = useReturnPath();
  if (isPending) return <LoadingState fullScreen label="Checking your session…" />;
  if (!user) return <Redirect to={`/auth?redirect=${returnPath}`} replace />;
  if (user.role !== 'admin') return <Redirect to="/" replace />;
  return children;
}
