import { fontStack, loadFont } from '#web/lib/fonts/load-font.ts';
import type { SignatureFont } from '#web/lib/fonts/catalogue.ts';
import { PAD, TYPE_MARGIN, type CreatedSignature } from './model.ts';
import { strokesPath, type Stroke } from './stroke-path.ts';

export function newCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  return ctx;
}

/** Strokes on a transparent 600x250 canvas: width 2, round caps and joins, black. */
export function drawStrokes(ctx: CanvasRenderingContext2D, strokes: Stroke[]) {
  ctx.save();
  ctx.lineWidth = PAD.strokeWidth;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = PAD.color;
  ctx.stroke(new Path2D(strokesPath(strokes)));
  ctx.restore();
}

export function renderDrawn(strokes: Stroke[]): CreatedSignature & { kind: 'drawn' } {
  const canvas = newCanvas(PAD.width, PAD.height);
  drawStrokes(context2d(canvas), strokes);
  return { kind: 'drawn', strokes, png: canvas.toDataURL('image/png') };
}

export interface TypedInput {
  text: string;
  font: SignatureFont;
  fontSize: number;
  color: string;
}

/**
 * Draws typed text centred on the canvas once its font has loaded; text wider than the canvas
 * minus 40 px is scaled down to fit. Returns null for blank text.
 */
export async function renderTyped(
  canvas: HTMLCanvasElement,
  input: TypedInput,
  isCurrent: () => boolean = () => true,
): Promise<(CreatedSignature & { kind: 'typed' }) | null> {
  const text = input.text.trim();
  const ctx = context2d(canvas);
  if (!text) {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    return null;
  }
  await loadFont(input.font);
  if (!isCurrent()) return null;
  let fontSize = input.fontSize;
  ctx.font = `${fontSize}px ${fontStack(input.font)}`;
  const width = ctx.measureText(text).width;
  const room = canvas.width - TYPE_MARGIN;
  if (width > room) {
    fontSize = Math.max(1, Math.floor((fontSize * room) / width));
    ctx.font = `${fontSize}px ${fontStack(input.font)}`;
  }
  const m = ctx.measureText(text);
  const baseline = Math.round((canvas.height + m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const typed = { text, font: input.font, fontSize, color: input.color, baseline };
  drawTyped(ctx, typed);
  return { kind: 'typed', ...typed, png: canvas.toDataURL('image/png') };
}

/** Typed text in the 600x250 box, centred, on its measured baseline. */
export function drawTyped(
  ctx: CanvasRenderingContext2D,
  t: { text: string; font: SignatureFont; fontSize: number; color: string; baseline: number },
) {
  ctx.save();
  ctx.font = `${t.fontSize}px ${fontStack(t.font)}`;
  ctx.fillStyle = t.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(t.text, PAD.width / 2, t.baseline);
  ctx.restore();
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The signature image could not be loaded'));
    img.src = src;
  });
}

/** Draws an image inside a box, scaled to fit with its proportions kept, and centred. */
export function drawContained(
  ctx: CanvasRenderingContext2D,
  img: HTMLImageElement,
  box: { x: number; y: number; width: number; height: number },
) {
  const w = img.naturalWidth || box.width;
  const h = img.naturalHeight || box.height;
  const scale = Math.min(box.width / w, box.height / h);
  const dw = w * scale;
  const dh = h * scale;
  ctx.drawImage(img, box.x + (box.width - dw) / 2, box.y + (box.height - dh) / 2, dw, dh);
}
