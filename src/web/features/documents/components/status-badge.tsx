import { BadgeCheck, CircleCheck, Clock, Hourglass, Link2 } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { statusLabel, statusLook, type StatusLook } from '../lib/status.ts';

const looks: Record<StatusLook, { classes: string; Icon: typeof Clock }> = {
  signed: { classes: 'bg-emerald-50 text-emerald-800 ring-emerald-300', Icon: CircleCheck },
  shared: { classes: 'bg-blue-50 text-blue-800 ring-blue-300', Icon: Link2 },
  pending: { classes: 'bg-amber-50 text-amber-900 ring-amber-300', Icon: Clock },
  awaiting: { classes: 'bg-violet-50 text-violet-800 ring-violet-300', Icon: Hourglass },
  completed: { classes: 'bg-emerald-50 text-emerald-800 ring-emerald-400', Icon: BadgeCheck },
};

/** The document status badge; the icon repeats the colour's meaning for those who cannot see it. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const look = statusLook(status);
  const { classes, Icon } = looks[look];
  return (
    <span
      data-status={look}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        classes,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {statusLabel[look]}
    </span>
  );
}
