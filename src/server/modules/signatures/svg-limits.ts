/**
 * What a signature SVG may contain, checked before anything renders it (decision 017). Render time
 * grows with shapes, path points, stroke area and text length, superlinearly for long paths and
 * long text runs, so each is bounded well above what real signatures need and far below what stalls.
 * Legitimate sources measured: signature_pad 5 `toSVG()` (one <path> of one cubic Bézier per curve,
 * about 155 bytes each, stroke-width = 2.25 × pen radius, viewBox = the canvas size) and the
 * creator's own SVG export (one path of quadratic segments, stroke 2, a caption of a few lines).
 */
export const SVG_LIMITS = {
  /** Pixels per side once units are resolved: the PNG cap; the creator's largest export is ~790×370. */
  maxSide: 4000,
  /**
   * viewBox sides in user units: signature_pad uses the canvas size (hundreds); tools drawing in
   * 1/100 mm reach ~30,000 for A4. Far beyond, coordinates lose precision in the rasteriser.
   */
  maxViewBoxSide: 100_000,
  /**
   * Elements: signature_pad writes one per curve, and only ~3,300 of its paths fit in the 512 KB cap
   * (a 40-stroke, 4,000-point signature would be 620 KB). 4,000 paths render in ~0.4 s here.
   */
  maxElements: 4000,
  /** Nesting: signature_pad has 2 levels, our exports 3; every group can cost an offscreen surface. */
  maxDepth: 16,
  /**
   * Path data length, counted in numbers (coordinates) of `d` and `points`, what drawing costs:
   * signature_pad at the byte cap has ~26,000 (8 per path), the creator's path for a dense 30-stroke
   * signature ~14,000 (4 per segment). One path of 14,000 canvas-wide curves (84,000) took 58 s.
   */
  maxPathNumbers: 64_000,
  /** Characters of rendered text: one text run of 8,000 took 2.5 s (layout is quadratic); captions ~400. */
  maxTextChars: 2000,
  /**
   * Widest stroke, in pixels of the image, as a share of its shorter side (at least 4 px):
   * signature_pad's default pen draws at most 5.6 units on a 250-unit canvas (2.3 %); stroke-width
   * 400 over 14,000 curves took 100 s to render before this limit.
   */
  maxStrokeShare: 0.1,
  minStrokeCap: 4,
} as const;

/** Why an SVG is refused before rendering. */
export type SvgProblem = 'unreadable' | 'dimensions' | 'too-complex' | 'dashes' | 'stroke-too-wide';

/** CSS pixels per unit, as librsvg resolves them at 96 dpi (em/ex at its default 16 px font). */
const UNITS: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 96 / 72,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  em: 16,
  ex: 8,
};
const LENGTH = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z%]*)\s*$/;

/** A length in pixels; `percentOf` resolves %; null when absent or not a length. */
export function pixels(value: string | undefined, percentOf?: number): number | null {
  if (value === undefined) return null;
  const m = LENGTH.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  if (m[2] === '%') return percentOf === undefined ? null : (n / 100) * percentOf;
  const unit = UNITS[m[2]!];
  return unit === undefined || !Number.isFinite(n) ? null : n * unit;
}

export function viewBox(value: string | undefined) {
  if (value === undefined) return null;
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  return { width: parts[2]!, height: parts[3]! };
}

/** How much a transform list can enlarge a length (stroke widths scale with it). */
export function transformScale(value: string | undefined): number {
  if (!value) return 1;
  let scale = 1;
  for (const [, fn, args] of value.matchAll(/([a-zA-Z]+)\s*\(([^)]*)\)/g)) {
    const n = args!
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (fn === 'scale') scale *= Math.max(Math.abs(n[0]!), Math.abs(n[1] ?? n[0]!));
    else if (fn === 'matrix') scale *= Math.max(Math.hypot(n[0]!, n[1]!), Math.hypot(n[2]!, n[3]!));
    else if (fn === 'skewX' || fn === 'skewY') scale *= 1 + Math.abs(Math.tan((n[0]! * Math.PI) / 180));
  }
  return Number.isFinite(scale) ? scale : Infinity;
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;
export const countNumbers = (s: string) => {
  let n = 0;
  NUMBER.lastIndex = 0;
  while (NUMBER.exec(s)) n++;
  return n;
};

/**
 * The image's size in pixels and how many pixels one user unit becomes, from the root's
 * width/height/viewBox the way librsvg sizes it (missing or % sizes fall back to the viewBox).
 */
export function rootViewport(attrs: Record<string, string>) {
  const box = viewBox(attrs.viewBox);
  if (attrs.viewBox !== undefined && !box) return 'unreadable' as const;
  if (box) {
    if (box.width <= 0 || box.height <= 0) return 'unreadable' as const;
    if (box.width > SVG_LIMITS.maxViewBoxSide || box.height > SVG_LIMITS.maxViewBoxSide)
      return 'dimensions' as const;
  }
  const width = pixels(attrs.width, box?.width) ?? box?.width ?? null;
  const height = pixels(attrs.height, box?.height) ?? box?.height ?? null;
  if (width === null || height === null) return 'unreadable' as const;
  if (width > SVG_LIMITS.maxSide || height > SVG_LIMITS.maxSide) return 'dimensions' as const;
  if (width < 1 || height < 1) return 'unreadable' as const;
  const unit = box ? Math.max(width / box.width, height / box.height) : 1;
  return { width, height, unit };
}
