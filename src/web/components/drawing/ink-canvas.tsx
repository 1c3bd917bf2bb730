import { useId, type Ref } from 'react';
import { cn } from '#web/lib/cn.ts';

interface InkCanvasProps {
  ref: Ref<HTMLCanvasElement>;
  /** The canvas's size before it is fitted to the displayed size. */
  pad: { width: number; height: number };
  label: string;
  hint: string;
  testId: string;
  /** Aspect ratio and maximum width of the displayed canvas. */
  className: string;
}

/** The framed drawing canvas of a pad, with its hint read out as the canvas's description. */
export function InkCanvas({ ref, pad, label, hint, testId, className }: InkCanvasProps) {
  const hintId = useId();
  return (
    <>
      <p id={hintId} className="text-sm text-slate-700">
        {hint}
      </p>
      <div className="overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={ref}
          width={pad.width}
          height={pad.height}
          role="img"
          aria-label={label}
          aria-describedby={hintId}
          data-testid={testId}
          className={cn('block w-full cursor-crosshair touch-none', className)}
        />
      </div>
    </>
  );
}
