import { Clock } from 'lucide-react';
import { accountMessages } from '#shared/accounts/messages.ts';

export default function InactivityNoticeText() {
  return (
    <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2.5 text-sm text-ink-950 sm:px-6">
      <Clock aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
      {accountMessages.inactivityNotice}
    </p>
  );
}
