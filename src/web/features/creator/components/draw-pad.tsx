import { Eraser, Keyboard } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PAD } from '../lib/model.ts';
import { scaleStrokes, type Stroke } from '../lib/stroke-path.ts';
import { creatorText as t } from '../messages.ts';
import { useCreator } from './creator-context.tsx';

// signature_pad's width is a radius: 1 draws the spec's 2 px line.
const PEN = { minWidth: 1, maxWidth: 1, penColor: PAD.color, velocityFilterWeight: 0.7, dotSize: 0 };

const toPad = (strokes: Stroke[], f: number): PointGroup[] =>
  strokes.map((s) => ({
    ...PEN,
    compositeOperation: 'source-over',
    points: s.map((p) => ({ x: p.x * f, y: p.y * f, time: 0, pressure: 0.5 })),
  }));

const fromPad = (groups: PointGroup[], f: number): Stroke[] =>
  scaleStrokes(
    groups.map((g) => g.points.map((p) => ({ x: p.x, y: p.y }))),
    f,
    f,
  );

/**
 * The 600x250 drawing pad. It shrinks with the screen: points are kept in 600x250 units and the
 * canvas is redrawn from them at the displayed size and pixel ratio.
 */
export function DrawPad() {
  const c = useCreator();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const strokesRef = useRef<Stroke[]>(c.drawn?.strokes ?? []);
  const [status, setStatus] = useState('');
  const hintId = useId();
  const emit = useEffectEvent((strokes: Stroke[]) => {
    c.setStrokes(strokes);
    setStatus(t.padDrawn);
  });

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { ...PEN, throttle: 16, minDistance: 2 });
    padRef.current = pad;
    const fit = () => {
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (!width || !height) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.fromData(toPad(strokesRef.current, width / PAD.width));
    };
    const end = () => {
      strokesRef.current = fromPad(pad.toData(), PAD.width / canvas.offsetWidth);
      emit(strokesRef.current);
    };
    // The spec ends a stroke when the pointer leaves the pad; signature_pad follows it outside, so end it here.
    const leave = (e: PointerEvent) => {
      if (!(e.buttons & 1) || e.pointerType === 'touch') return;
      const init: PointerEventInit & { persistentDeviceId?: number } = {
        pointerId: e.pointerId,
        pointerType: e.pointerType,
        isPrimary: e.isPrimary,
        clientX: e.clientX,
        clientY: e.clientY,
        buttons: 0,
        persistentDeviceId: (e as PointerEvent & { persistentDeviceId?: number }).persistentDeviceId,
      };
      window.dispatchEvent(new PointerEvent('pointerup', init));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    pad.addEventListener('endStroke', end);
    canvas.addEventListener('pointerleave', leave);
    return () => {
      observer.disconnect();
      canvas.removeEventListener('pointerleave', leave);
      pad.removeEventListener('endStroke', end);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    strokesRef.current = [];
    c.setStrokes([]);
    setStatus(t.padCleared);
  };

  return (
    <div className="space-y-3">
      <p id={hintId} className="text-sm text-slate-700">
        {t.padHint}
      </p>
      <div className="overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={canvasRef}
          width={PAD.width}
          height={PAD.height}
          role="img"
          aria-label={t.padLabel}
          aria-describedby={hintId}
          data-testid="signature-pad"
          className="block aspect-[12/5] w-full cursor-crosshair touch-none"
        />
      </div>
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
