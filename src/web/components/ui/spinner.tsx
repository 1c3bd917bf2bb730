import { LoaderCircle } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />;
}

/** Shown while a page or the current user loads. */
interface LoadingStateProps {
  label?: string;
  fullScreen?: boolean;
  /** Show the label as text beside the spinner, not only to screen readers. */
  showLabel?: boolean;
}

export function LoadingState({
  label = 'Loading…',
  fullScreen = false,
  showLabel = false,
}: LoadingStateProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn(
        'flex items-center justify-center gap-3 text-slate-700',
        fullScreen ? 'fixed inset-0 z-40 bg-white/90' : 'min-h-[40vh]',
      )}
    >
      <Spinner className="size-8 text-ink-700" />
      <span className={showLabel ? 'text-base' : 'sr-only'}>{label}</span>
    </div>
  );
}
