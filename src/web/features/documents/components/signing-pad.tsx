import { Eraser } from 'lucide-react';
import { InkCanvas } from '#web/components/drawing/ink-canvas.tsx';
import { useInkCanvas } from '#web/components/drawing/use-ink-canvas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SIGNING_PAD, type Stroke } from '#web/components/drawing/pad-strokes.ts';
import { signingText as t } from '../signing-messages.ts';

interface SigningPadProps {
  strokes: Stroke[];
  onChange: (strokes: Stroke[]) => void;
  disabled?: boolean;
}

/** The 400x200 drawing pad of the signing panel; strokes are kept in 400x200 units. */
export function SigningPad({ strokes, onChange, disabled }: SigningPadProps) {
  const { canvasRef, clear } = useInkCanvas({ pad: SIGNING_PAD, strokes, onStrokes: onChange, disabled });

  return (
    <div className="space-y-2">
      <InkCanvas
        ref={canvasRef}
        pad={SIGNING_PAD}
        label={t.padLabel}
        hint={t.padHint}
        testId="signing-pad"
        // 400x200 CSS pixels where there is room, scaled down on narrower screens.
        className="aspect-[2/1]"
        frameClassName="max-w-[404px]"
      />
      <Button variant="secondary" size="sm" onClick={clear} disabled={disabled || strokes.length === 0}>
        <Eraser aria-hidden="true" className="size-4" />
        {t.clear}
      </Button>
    </div>
  );
}
