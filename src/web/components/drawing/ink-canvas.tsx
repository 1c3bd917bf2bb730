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
  /** Classes of the frame around the canvas (e.g. its maximum width, borders included). */
  frameClassName?: string;
}

/** The framed drawing canvas of a pad, with its hint read out as the canvas's description. */
export function InkCanvas({ ref, pad, label, hint, testId, className, frameClassName }: InkCanvasProps) {
  const hintId = useId();
  return (
    <>
      <p id={hintId} className="text-sm text-slate-700">
        {hint}
      </p>
      <div
        className={cn(
          'overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-white',
          frameClassName,
        )}
      >
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
