import { Eraser, Keyboard } from 'lucide-react';
import { useState } from 'react';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { InkCanvas } from '#web/components/drawing/ink-canvas.tsx';
import { useInkCanvas } from '#web/components/drawing/use-ink-canvas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PAD } from '../lib/model.ts';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';

/** The 600x250 drawing pad; strokes are kept in 600x250 units whatever size it is shown at. */
export function DrawPad() {
  const c = useCreator();
  const [status, setStatus] = useState('');
  const { canvasRef, clear } = useInkCanvas({
    pad: PAD,
    strokes: c.drawn?.strokes ?? [],
    onStrokes: (strokes) => {
      c.setStrokes(strokes);
      setStatus(strokes.length ? t.padDrawn : t.padCleared);
    },
  });

  return (
    <div className="space-y-3">
      <InkCanvas
        ref={canvasRef}
        pad={PAD}
        label={t.padLabel}
        hint={t.padHint}
        testId="signature-pad"
        className="aspect-[12/5]"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" size="sm" onClick={clear} disabled={!c.drawn}>
          <Eraser aria-hidden="true" className="size-4" />
          {m.clearPad}
        </Button>
        <span role="status" className="sr-only">
          {status}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <Keyboard aria-hidden="true" className="size-4 shrink-0" />
        <p className="flex-1">{t.padKeyboard}</p>
        <Button variant="subtle" size="sm" onClick={() => c.setMethod('type')}>
          {t.padUseType}
        </Button>
      </div>
    </div>
  );
}
