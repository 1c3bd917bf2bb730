import { Eraser } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { Button } from '#web/components/ui/button.tsx';
import { scaleStrokes, SIGNING_PAD, type Stroke } from '../lib/pad-strokes.ts';
import { signingText as t } from '../signing-messages.ts';

// signature_pad's width is a radius: 1 draws the spec's 2 px line.
const PEN = { minWidth: 1, maxWidth: 1, penColor: SIGNING_PAD.color, velocityFilterWeight: 0.7, dotSize: 0 };

const toPad = (strokes: Stroke[], f: number): PointGroup[] =>
  strokes.map((s) => ({
    ...PEN,
    compositeOperation: 'source-over',
    points: s.map((p) => ({ x: p.x * f, y: p.y * f, time: 0, pressure: 0.5 })),
  }));

interface SigningPadProps {
  strokes: Stroke[];
  onChange: (strokes: Stroke[]) => void;
  disabled?: boolean;
}

/**
 * The 400x200 drawing pad of the signing panel. It shrinks with the screen: strokes are kept in
 * 400x200 units and redrawn at the displayed size and pixel ratio.
 */
export function SigningPad({ strokes, onChange, disabled }: SigningPadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const strokesRef = useRef<Stroke[]>(strokes);
  const hintId = useId();
  const emit = useEffectEvent((next: Stroke[]) => onChange(next));

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { ...PEN, throttle: 16, minDistance: 2 });
    padRef.current = pad;
    const fit = () => {
      const { offsetWidth: width, offsetHeight: height } = canvas;
      if (!width || !height) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.fromData(toPad(strokesRef.current, width / SIGNING_PAD.width));
    };
    const end = () => {
      const f = SIGNING_PAD.width / canvas.offsetWidth;
      strokesRef.current = scaleStrokes(
        pad.toData().map((g) => g.points.map((p) => ({ x: p.x, y: p.y }))),
        f,
      );
      emit(strokesRef.current);
    };
    // signature_pad follows a pressed pointer outside the pad; the stroke should end at its edge.
    const leave = (e: PointerEvent) => {
      if (!(e.buttons & 1) || e.pointerType === 'touch') return;
      window.dispatchEvent(
        new PointerEvent('pointerup', {
          pointerId: e.pointerId,
          pointerType: e.pointerType,
          isPrimary: e.isPrimary,
          clientX: e.clientX,
          clientY: e.clientY,
        }),
      );
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

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  // A parent that empties the strokes (after saving) empties the pad too.
  useEffect(() => {
    if (strokes.length === 0 && strokesRef.current.length > 0) {
      strokesRef.current = [];
      padRef.current?.clear();
    }
  }, [strokes]);

  const clear = () => {
    padRef.current?.clear();
    strokesRef.current = [];
    onChange([]);
  };

  return (
    <div className="space-y-2">
      <p id={hintId} className="text-sm text-slate-700">
        {t.padHint}
      </p>
      <div className="overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-white">
        <canvas
          ref={canvasRef}
          width={SIGNING_PAD.width}
          height={SIGNING_PAD.height}
          role="img"
          aria-label={t.padLabel}
          aria-describedby={hintId}
          data-testid="signing-pad"
          className="block aspect-[2/1] w-full max-w-[400px] cursor-crosshair touch-none"
        />
      </div>
      <Button variant="secondary" size="sm" onClick={clear} disabled={disabled || strokes.length === 0}>
        <Eraser aria-hidden="true" className="size-4" />
        {t.clear}
      </Button>
    </div>
  );
}
