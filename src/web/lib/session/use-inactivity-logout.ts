import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { setSignedOutListener } from '#web/lib/api.ts';
import { clearSession } from '#web/lib/session/clear-session.ts';
import { hideInactivityNotice } from '#web/lib/session/inactivity-notice.ts';
import { startInactivityTimer } from '#web/lib/session/inactivity-timer.ts';
import { keepWork } from '#web/lib/session/kept-work.ts';
import { logout } from '#web/lib/session/logout-request.ts';
import { toast } from '#web/lib/toast.ts';

/**
 * Pages a link's token opens (a recipient's signing page, a shared document): they need no session,
 * so its end leaves the visitor there, work and all, instead of sending them to sign in.
 */
const TOKEN_PAGE = /^\/(sign|shared)\/[^/]+\/?$/;

interface Ending {
  navigate: (to: string) => void;
  userId: number;
  /** Whether the server still holds the session (the browser's own timer ran out). */
  tellServer: boolean;
}

/**
 * The end of a session nobody used: the page's unsent work is kept for later, the user goes to
 * sign in (and comes back here after), and the toast says why.
 */
async function endForInactivity({ navigate, userId, tellServer }: Ending) {
  keepWork(userId);
  const logoutDone = tellServer ? logout().catch(() => undefined) : undefined;
  // The account texts are only needed here, so they stay out of the first page load.
  const [{ accountMessages }] = await Promise.all([import('#shared/accounts/messages.ts'), logoutDone]);
  clearSession();
  hideInactivityNotice();
  const { pathname, search } = window.location;
  if (!pathname.startsWith('/auth') && !TOKEN_PAGE.test(pathname))
    navigate(`/auth?redirect=${encodeURIComponent(pathname + search)}`);
  toast({ title: accountMessages.inactivityTitle, description: accountMessages.inactivityText });
}

/**
 * Logs a signed-in user out after the server's idle timeout without activity, with a warning and
 * a countdown the last minute before; a 401 saying the server already ended the session does the
 * same at once. Returns the warning's state and its two answers.
 */
export function useInactivityLogout(userId: number | undefined) {
  const [, navigate] = useLocation();
  const [logoutAt, setLogoutAt] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof startInactivityTimer> | null>(null);

  useEffect(() => {
    if (userId === undefined) return;
    let ended = false;
    const end = (reason: 'idle' | 'server') => {
      if (ended) return;
      ended = true;
      current.stop();
      setLogoutAt(null);
      void endForInactivity({ navigate, userId, tellServer: reason === 'idle' });
    };
    const current = startInactivityTimer({ onWarning: setLogoutAt, onExpired: end });
    timer.current = current;
    setSignedOutListener(() => end('server'));
    return () => {
      current.stop();
      timer.current = null;
      setSignedOutListener(null);
      setLogoutAt(null);
    };
  }, [userId, navigate]);

  const stay = useCallback(() => void timer.current?.stay(), []);
  return { logoutAt, stay };
}
