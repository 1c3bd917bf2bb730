import { Clock } from 'lucide-react';
import { accountMessages } from '#shared/accounts/messages.ts';
import { useInactivityNoticeVisible } from '#web/lib/session/inactivity-notice.ts';

/** The 10-second notice after login. The live region stays mounted so the text is announced. */
export function InactivityNotice() {
  const visible = useInactivityNoticeVisible();
  return (
    <div role="status" className={visible ? 'border-b border-ink-200 bg-ink-50' : 'sr-only'}>
      {visible ? (
        <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2.5 text-sm text-ink-950 sm:px-6">
          <Clock aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          {accountMessages.inactivityNotice}
        </p>
      ) : null}
    </div>
  );
}
