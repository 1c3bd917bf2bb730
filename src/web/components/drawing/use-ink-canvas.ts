import { useEffect, useEffectEvent, useRef } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';

export interface InkPoint {
  x: number;
  y: number;
}
export type InkStroke = InkPoint[];

interface InkCanvasOptions {
  /** The pad's own size (strokes are kept in its units whatever size it is shown at) and ink. */
  pad: { width: number; color: string };
  strokes: InkStroke[];
  onStrokes: (strokes: InkStroke[]) => void;
  disabled?: boolean;
}

const round = (n: number) => Math.round(n * 100) / 100;
const scale = (strokes: InkStroke[], f: number): InkStroke[] =>
  strokes.map((s) => s.map((p) => ({ x: round(p.x * f), y: round(p.y * f) })));

/**
 * Freehand drawing on a canvas with signature_pad: smooth 2 px strokes, round caps, mouse, pen and
 * touch. The canvas shrinks with the screen and is redrawn from the kept strokes at the displayed
 * size and pixel ratio. `onStrokes` gets every stroke's end and the cleared pad.
 */
export function useInkCanvas({ pad: { width, color }, strokes, onStrokes, disabled }: InkCanvasOptions) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const strokesRef = useRef<InkStroke[]>(strokes);
  const emit = useEffectEvent((next: InkStroke[]) => onStrokes(next));

  useEffect(() => {
    const canvas = canvasRef.current!;
    // signature_pad's width is a radius: 1 draws the spec's 2 px line.
    const pen = { minWidth: 1, maxWidth: 1, penColor: color, velocityFilterWeight: 0.7, dotSize: 0 };
    const pad = new SignaturePad(canvas, { ...pen, throttle: 16, minDistance: 2 });
    padRef.current = pad;
    const toPad = (f: number): PointGroup[] =>
      strokesRef.current.map((s) => ({
        ...pen,
        compositeOperation: 'source-over',
        points: s.map((p) => ({ x: p.x * f, y: p.y * f, time: 0, pressure: 0.5 })),
      }));
    const fit = () => {
      const { offsetWidth, offsetHeight } = canvas;
      if (!offsetWidth || !offsetHeight) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = Math.round(offsetWidth * ratio);
      canvas.height = Math.round(offsetHeight * ratio);
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.fromData(toPad(offsetWidth / width));
    };
    const end = () => {
      const drawn = pad.toData().map((g) => g.points.map((p) => ({ x: p.x, y: p.y })));
      strokesRef.current = scale(drawn, width / canvas.offsetWidth);
      emit(strokesRef.current);
    };
    // The spec ends a stroke when the pointer leaves the pad; signature_pad follows it outside, so
    // end it here. signature_pad tells pointers apart by persistentDeviceId first, so pass it on.
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
    // The observer's first call comes after layout, before the first paint: sizing the canvas then
    // instead of here avoids forcing a layout in the middle of the page's first render.
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    pad.addEventListener('endStroke', end);
    canvas.addEventListener('pointerleave', leave);
    // A stroke is the pad's alone: touch-action none keeps the page still, but Chromium still read a
    // finger lifted mid-flick as a fling and took the next tap (on "Use this") for the one that
    // stops it, so the button did nothing. Moves the page never sees make no fling.
    const still = (e: TouchEvent) => e.preventDefault();
    canvas.addEventListener('touchmove', still, { passive: false });
    return () => {
      canvas.removeEventListener('touchmove', still);
      observer.disconnect();
      canvas.removeEventListener('pointerleave', leave);
      pad.removeEventListener('endStroke', end);
      pad.off();
      padRef.current = null;
    };
  }, [width, color]);

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
    onStrokes([]);
  };

  return { canvasRef, clear };
}
