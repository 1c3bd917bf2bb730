import { Clock } from 'lucide-react';
import { sessionText } from '#web/lib/session/messages.ts';
import { useSessionIdleMinutes } from '#web/lib/session/session-timeout.ts';

/** The notice after login, with the timeout the server enforces (admins may change it). */
export default function InactivityNoticeText() {
  const minutes = useSessionIdleMinutes();
  return (
    <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2.5 text-sm text-ink-950 sm:px-6">
      <Clock aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
      {sessionText.inactivityNotice(minutes)}
    </p>
  );
}
