import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

const tones = {
  info: { box: 'border-ink-200 bg-ink-50 text-ink-950', Icon: Info },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-950', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-950', Icon: CircleAlert },
} as const;

interface AlertProps {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'alert' for errors that appear after an action, 'status' for polite news, none for static text. */
  role?: 'alert' | 'status';
}

export function Alert({ tone = 'info', title, children, className, role }: AlertProps) {
  const { box, Icon } = tones[tone];
  return (
    <div role={role} className={cn('flex gap-3 rounded-lg border p-3 text-sm', box, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
