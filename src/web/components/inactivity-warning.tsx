import { LogOut, TimerReset } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { useLogout } from '#web/lib/session/logout.ts';
import { sessionText as t } from '#web/lib/session/messages.ts';
import { useSessionIdleMinutes } from '#web/lib/session/session-timeout.ts';

const secondsLeft = (logoutAt: number) => Math.max(0, Math.ceil((logoutAt - Date.now()) / 1000));

interface InactivityWarningProps {
  logoutAt: number;
  onStay: () => void;
}

/**
 * The last minute before the automatic logout: a countdown, "Stay signed in" (focused), and
 * "Sign out now". Closing it any other way (Escape, the close button) also means "I am here".
 */
export default function InactivityWarning({ logoutAt, onStay }: InactivityWarningProps) {
  const minutes = useSessionIdleMinutes();
  const logout = useLogout();
  const stayRef = useRef<HTMLButtonElement>(null);
  const [left, setLeft] = useState(() => secondsLeft(logoutAt));
  useEffect(() => {
    const timer = window.setInterval(() => setLeft(secondsLeft(logoutAt)), 1000);
    return () => window.clearInterval(timer);
  }, [logoutAt]);

  return (
    <Dialog open onOpenChange={(open) => !open && onStay()}>
      <DialogContent
        role="alertdialog"
        size="sm"
        title={t.warningTitle}
        description={t.warningText(minutes)}
        data-testid="inactivity-warning"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          stayRef.current?.focus();
        }}
      >
        <div className="flex items-center gap-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
          <TimerReset aria-hidden="true" className="size-6 shrink-0" />
          <p>
            <span className="block text-sm">{t.countdownLabel}</span>
            <span
              role="timer"
              className="block text-3xl font-bold tabular-nums"
              data-testid="inactivity-countdown"
            >
              <span aria-hidden="true">{t.countdown(left)}</span>
              <span className="sr-only">{t.countdownSpoken(left)}</span>
            </span>
          </p>
        </div>
        <p className="text-sm text-slate-700">{t.keptHint}</p>
        <DialogFooter>
          <Button variant="secondary" disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut aria-hidden="true" className="size-4" />
            {t.signOut}
          </Button>
          <button ref={stayRef} type="button" className={buttonClasses('primary')} onClick={onStay}>
            {t.stay}
          </button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
