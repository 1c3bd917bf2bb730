export interface Point {
  x: number;
  y: number;
}
export type Stroke = Point[];

const r = (n: number) => Math.round(n * 100) / 100;

/**
 * Smooth SVG path data for hand-drawn strokes: quadratic curves through the midpoints of the
 * recorded points, the usual way to draw a freehand line without corners. A single point becomes
 * a tiny segment so a round cap draws it as a dot (zero-length segments are not stroked by canvas).
 */
export function strokePath(stroke: Stroke): string {
  const [first, ...rest] = stroke;
  if (!first) return '';
  if (rest.length === 0) return `M${r(first.x)} ${r(first.y)}l0.01 0`;
  if (rest.length === 1) return `M${r(first.x)} ${r(first.y)}L${r(rest[0]!.x)} ${r(rest[0]!.y)}`;
  let d = `M${r(first.x)} ${r(first.y)}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const p = rest[i]!;
    const next = rest[i + 1]!;
    d += `Q${r(p.x)} ${r(p.y)} ${r((p.x + next.x) / 2)} ${r((p.y + next.y) / 2)}`;
  }
  const last = rest[rest.length - 1]!;
  return `${d}L${r(last.x)} ${r(last.y)}`;
}

/** All strokes as one path. */
export const strokesPath = (strokes: Stroke[]) => strokes.map(strokePath).filter(Boolean).join('');

/** Scales points recorded on a pad of one size to another (the pad shrinks on small screens). */
export const scaleStrokes = (strokes: Stroke[], fx: number, fy: number): Stroke[] =>
  strokes.map((s) => s.map((p) => ({ x: r(p.x * fx), y: r(p.y * fy) })));
