import { useUser } from '#web/lib/session/get-user.ts';

/** Whether the signed-in user is an admin; false while unknown, so editor buttons never flash. */
export function useIsAdmin() {
  const { data: user } = useUser();
  return user?.role === 'admin';
}
