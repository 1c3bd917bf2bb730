/** The signing pad: 400x200, stroke width 2, black, round. */
export const SIGNING_PAD = { width: 400, height: 200, strokeWidth: 2, color: '#000000' } as const;

export interface Point {
  x: number;
  y: number;
}
export type Stroke = Point[];

const r = (n: number) => Math.round(n * 100) / 100;

/** Quadratic curves through the midpoints of the recorded points; a lone point becomes a dot. */
function strokePath(stroke: Stroke): string {
  const [first, ...rest] = stroke;
  if (!first) return '';
  if (rest.length === 0) return `M${r(first.x)} ${r(first.y)}l0.01 0`;
  let d = `M${r(first.x)} ${r(first.y)}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const p = rest[i]!;
    const next = rest[i + 1]!;
    d += `Q${r(p.x)} ${r(p.y)} ${r((p.x + next.x) / 2)} ${r((p.y + next.y) / 2)}`;
  }
  const last = rest[rest.length - 1]!;
  return `${d}L${r(last.x)} ${r(last.y)}`;
}

export const strokesPath = (strokes: Stroke[]) => strokes.map(strokePath).join('');

export const scaleStrokes = (strokes: Stroke[], f: number): Stroke[] =>
  strokes.map((s) => s.map((p) => ({ x: p.x * f, y: p.y * f })));

/**
 * The drawing as a PNG with a transparent background (it goes over the page's content), drawn at
 * three times the pad's size so it stays sharp when printed at 200x100 points.
 */
export function strokesToPng(strokes: Stroke[], factor = 3): string {
  const canvas = document.createElement('canvas');
  canvas.width = SIGNING_PAD.width * factor;
  canvas.height = SIGNING_PAD.height * factor;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.scale(factor, factor);
  ctx.strokeStyle = SIGNING_PAD.color;
  ctx.lineWidth = SIGNING_PAD.strokeWidth;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke(new Path2D(strokesPath(strokes)));
  return canvas.toDataURL('image/png');
}
