import { useId } from 'react';
import { cn } from '#web/lib/cn.ts';
import type { UploadState } from '../hooks/use-upload.ts';
import { documentsText as t } from '../messages.ts';

/** The bar follows the bytes sent; at 100% the server is still checking the PDF, and says so. */
export function UploadProgress({ state }: { state: UploadState }) {
  const labelId = useId();
  const progress = state.kind === 'sending' ? state.progress : 0;
  const active = state.kind === 'sending';
  const label = !active ? t.progressIdle : progress >= 100 ? t.progressChecking : t.progressSending(progress);
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm text-slate-700">
        <span id={labelId}>{label}</span>
        <span className="tabular-nums" aria-hidden="true">
          {progress}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full bg-ink-700 transition-[width]',
            active && progress >= 100 && 'animate-pulse',
          )}
          style={{ width: `${progress}%` }}
        />
      </div>
    </div>
  );
}
