import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { INACTIVITY_CHECK_INTERVAL_MS, INACTIVITY_TIMEOUT_MS } from '#shared/constants.ts';
import { clearSession } from '#web/lib/session/clear-session.ts';
import { hideInactivityNotice } from '#web/lib/session/inactivity-notice.ts';
import { keepalive } from '#web/lib/session/keepalive.ts';
import { logout } from '#web/lib/session/logout-request.ts';
import { toast } from '#web/lib/toast.ts';

const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'scroll',
  'touchstart',
  'click',
  'keydown',
  'wheel',
];

/**
 * Logs a signed-in user out after INACTIVITY_TIMEOUT_MS without activity (checked every minute).
 * The server measures idleness from the last request, so a minute with activity sends a keepalive.
 * Date.now() and setInterval keep this drivable by a fake clock in browser tests.
 */
export function useInactivityLogout(signedIn: boolean) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!signedIn) return;
    let lastActivity = Date.now();
    let activeSinceCheck = false;
    const onActivity = () => {
      lastActivity = Date.now();
      activeSinceCheck = true;
    };
    const listenerOptions = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listenerOptions);

    const endSession = () => {
      clearSession(queryClient);
      hideInactivityNotice();
      navigate('/auth');
    };

    const check = async () => {
      if (Date.now() - lastActivity >= INACTIVITY_TIMEOUT_MS) {
        window.clearInterval(interval);
        await logout().catch(() => undefined);
        // The account texts are only needed here, so they stay out of the first page load.
        const { accountMessages } = await import('#shared/accounts/messages.ts');
        endSession();
        toast({ title: accountMessages.inactivityTitle, description: accountMessages.inactivityText });
        return;
      }
      if (!activeSinceCheck) return;
      activeSinceCheck = false;
      const result = await keepalive().catch(() => ({ signedOut: false }));
      if (result.signedOut) endSession();
    };
    const interval = window.setInterval(() => void check(), INACTIVITY_CHECK_INTERVAL_MS);

    return () => {
      window.clearInterval(interval);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listenerOptions);
    };
  }, [signedIn, queryClient, navigate]);
}
