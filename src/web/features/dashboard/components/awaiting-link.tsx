import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#web/lib/cn.ts';
import { dashboardText as t } from '../messages.ts';

/** The notification badge: documents still awaiting a signature, to their list. */
export function AwaitingLink({ count }: { count: number | null }) {
  return (
    <Link
      href="/documents?status=pending"
      data-testid="notification-badge"
      className={cn(
        'inline-flex items-center gap-2 self-start rounded-full border px-3 py-1.5 text-sm font-medium sm:self-auto',
        count
          ? 'border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100'
          : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      <Bell aria-hidden="true" className="size-4" />
      {count === null ? t.notificationsLoading : t.notifications(count)}
    </Link>
  );
}
