import { qrModulePixels } from './qr-path.ts';

/** The combined image (signature + QR + caption): sizes shared by the canvas and SVG renderers. */
export const EXPORT = {
  padding: 10,
  signatureWidth: 600,
  signatureHeight: 250,
  qrTarget: 130,
  /** ISO/IEC 18004 asks for 4 modules of light margin around a QR symbol. */
  quietModules: 4,
  captionGap: 6,
  fontSize: 14,
  lineHeight: 20,
  font: 'Helvetica, Arial, sans-serif',
  textColor: '#1f2937',
  maxDataLines: 3,
} as const;

export interface CombinedLayout {
  width: number;
  height: number;
  signature: { x: number; y: number; width: number; height: number };
  qr: { x: number; y: number; size: number; module: number };
  caption: { x: number; firstBaseline: number; lineHeight: number; maxWidth: number };
}

/** Places the parts; every coordinate is a whole pixel so QR modules stay sharp. */
export function combinedLayout(qrModules: number, captionLineCount: number): CombinedLayout {
  const P = EXPORT.padding;
  const module = qrModulePixels(qrModules, EXPORT.qrTarget);
  const size = qrModules * module;
  const quiet = EXPORT.quietModules * module;
  const cell = size + 2 * quiet;
  const rowHeight = Math.max(EXPORT.signatureHeight, cell);
  const width = P + EXPORT.signatureWidth + cell + P;
  const captionTop = P + rowHeight + EXPORT.captionGap;
  return {
    width,
    height: captionTop + captionLineCount * EXPORT.lineHeight + P,
    signature: {
      x: P,
      y: P + Math.floor((rowHeight - EXPORT.signatureHeight) / 2),
      width: EXPORT.signatureWidth,
      height: EXPORT.signatureHeight,
    },
    qr: { x: P + EXPORT.signatureWidth + quiet, y: P + Math.floor((rowHeight - size) / 2), size, module },
    caption: {
      x: P,
      // the first line's baseline sits one font size below the top of its line box, plus half the leading
      firstBaseline: captionTop + EXPORT.fontSize + Math.floor((EXPORT.lineHeight - EXPORT.fontSize) / 2),
      lineHeight: EXPORT.lineHeight,
      maxWidth: width - 2 * P,
    },
  };
}

export type Measure = (text: string) => number;

/** Greedy word wrap; a word wider than the line is cut by characters. At most maxLines, the last one ellipsed. */
export function wrapText(text: string, measure: Measure, maxWidth: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (l: string) => lines.push(l);
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) push(line);
    line = '';
    let rest = word;
    while (measure(rest) > maxWidth && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > maxWidth) cut--;
      push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]}…`;
  while (measure(last) > maxWidth && last.length > 1) last = `${last.slice(0, -2)}…`;
  kept[maxLines - 1] = last;
  return kept;
}

export interface CaptionEntry {
  label: string;
  value: string;
  /** Long free text (reference data) wraps over a few lines; the rest stays on one. */
  wrap?: boolean;
}

/** The caption's lines, each fitted to the width. */
export function captionLines(entries: CaptionEntry[], measure: Measure, maxWidth: number): string[] {
  return entries.flatMap(({ label, value, wrap }) => {
    const text = `${label} ${value}`;
    return wrapText(text, measure, maxWidth, wrap ? EXPORT.maxDataLines : 1);
  });
}
