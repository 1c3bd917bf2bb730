/** Series colours as whole class names, so Tailwind finds them in the source. */
export const chartColors = {
  ink: { fill: 'fill-ink-600', swatch: 'bg-ink-600' },
  sky: { fill: 'fill-sky-600', swatch: 'bg-sky-600' },
  emerald: { fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
  amber: { fill: 'fill-amber-500', swatch: 'bg-amber-500' },
  red: { fill: 'fill-red-600', swatch: 'bg-red-600' },
  slate: { fill: 'fill-slate-400', swatch: 'bg-slate-400' },
} as const;

export type ChartColor = keyof typeof chartColors;

export interface ChartSeries {
  label: string;
  values: number[];
  color: ChartColor;
}

const STEPS = [1, 1.5, 2, 3, 4, 5, 6, 8, 10];

/** A round upper bound for the axis, close above the highest value (…, 20, 30, 40, 50, 60, 80, 100, …). */
export function niceMax(max: number) {
  if (max <= 1) return 1;
  const pow = 10 ** Math.floor(Math.log10(max));
  const step = STEPS.find((s) => s * pow >= max) ?? 10;
  return Math.round(step * pow);
}
