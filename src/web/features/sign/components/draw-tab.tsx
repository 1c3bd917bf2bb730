import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { InkCanvas } from '#web/components/drawing/ink-canvas.tsx';
import { SIGNING_PAD, strokesToPng, type Stroke } from '#web/components/drawing/pad-strokes.ts';
import { useInkCanvas } from '#web/components/drawing/use-ink-canvas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { signText as t } from '../messages.ts';

/** Drawing with finger, pen or mouse; every finished stroke updates the picture. */
export function DrawTab({ onImage }: { onImage: (png: string | null) => void }) {
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const { canvasRef, clear } = useInkCanvas({
    pad: SIGNING_PAD,
    strokes,
    onStrokes: (next) => {
      setStrokes(next);
      onImage(next.length ? strokesToPng(next) : null);
    },
  });
  return (
    <div className="space-y-2">
      <InkCanvas
        ref={canvasRef}
        pad={SIGNING_PAD}
        label={t.padLabel}
        hint={t.padHint}
        testId="sign-pad"
        className="aspect-[2/1]"
      />
      <Button variant="secondary" size="sm" onClick={clear} disabled={strokes.length === 0}>
        <Eraser aria-hidden="true" className="size-4" />
        {t.clear}
      </Button>
    </div>
  );
}
