import { lazy, Suspense } from 'react';
import { useInactivityNoticeVisible } from '#web/lib/session/inactivity-notice.ts';

// The text only shows after a login, so it (and the account messages) load then, not with the shell.
const NoticeText = lazy(() => import('#web/components/inactivity-notice-text.tsx'));

/** The 10-second notice after login. The live region stays mounted so the text is announced. */
export function InactivityNotice() {
  const visible = useInactivityNoticeVisible();
  return (
    <div role="status" className={visible ? 'border-b border-ink-200 bg-ink-50' : 'sr-only'}>
      {visible ? (
        <Suspense fallback={null}>
          <NoticeText />
        </Suspense>
      ) : null}
    </div>
  );
}
