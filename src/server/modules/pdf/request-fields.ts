import { ops, type PDFPage } from '@libpdf/core';
import type { DisplayRect } from './page-geometry.ts';
import type { PdfText } from './pdf-text.ts';
import type { RasterImage } from './image.ts';
import { hasRtl } from './rtl.ts';
import { layoutLine, unprintable, wrapLines, type Line, type Operator } from './text.ts';

/** What a recipient filled in, per field kind. */
export type FieldValue =
  /** A signature picture with its own verification stamp (QR to the signature's public page). */
  | { kind: 'signature'; image: number; verification: { reference: string; verifyUrl: string } }
  | { kind: 'initials'; image: number }
  /** Printed as given (the caller formats a date); an empty text draws nothing. */
  | { kind: 'name' | 'date' | 'text'; text: string }
  | { kind: 'checkbox'; checked: boolean };

export type RecipientField = FieldValue & {
  /** 1-based page number. */
  page: number;
  /** Points of the page as displayed (CropBox after /Rotate), origin top-left, y down. */
  rect: DisplayRect;
};

export type FieldProblem =
  'no-image' | 'unknown-glyphs' | 'text-too-long' | 'text-does-not-fit' | 'empty-rect';

export const MAX_FIELD_TEXT = 1000;
const MIN_TEXT_SIZE = 5;
const MAX_TEXT_SIZE = 14;
const PAD = 2;
const LEADING = 1.2;
const INK: [number, number, number] = [0.06, 0.09, 0.25];

const validImage = (img: RasterImage | undefined) =>
  !!img &&
  Number.isInteger(img.width) &&
  Number.isInteger(img.height) &&
  img.width > 0 &&
  img.height > 0 &&
  img.rgb instanceof Uint8Array &&
  img.rgb.length > 0 &&
  img.alpha instanceof Uint8Array &&
  img.alpha.length > 0;

/** What can be told without the PDF: the value itself and the rectangle's shape. */
export function fieldProblem(
  f: RecipientField,
  images: RasterImage[],
): { reason: FieldProblem; characters?: string[] } | null {
  const r = f.rect;
  if (![r.x, r.y, r.width, r.height].every(Number.isFinite) || r.width <= 0 || r.height <= 0)
    return { reason: 'empty-rect' };
  if (f.kind === 'signature' || f.kind === 'initials')
    return validImage(images[f.image]) ? null : { reason: 'no-image' };
  if (f.kind === 'checkbox') return null;
  if (typeof f.text !== 'string' || f.text.length > MAX_FIELD_TEXT) return { reason: 'text-too-long' };
  const missing = unprintable(f.text);
  return missing.length > 0 ? { reason: 'unknown-glyphs', characters: missing.slice(0, 20) } : null;
}

export interface FittedText {
  lines: Line[];
  size: number;
}

/**
 * The largest size (14 pt at most, 5 pt at least) at which the text fits its rectangle: names and
 * dates on one line, free text wrapped. Null when it does not fit even at the smallest size (a
 * signed field never loses what the recipient typed to an ellipsis).
 */
export function fitFieldText(text: string, r: DisplayRect, wrap: boolean): FittedText | null {
  const width = r.width - 2 * PAD;
  const start = Math.min(MAX_TEXT_SIZE, r.height / LEADING);
  for (let size = Math.floor(start * 2) / 2; size >= MIN_TEXT_SIZE; size -= 0.5) {
    const lines = wrap ? wrapLines(text, 'regular', size, width, true) : [layoutLine(text, 'regular')];
    if (lines.length * size * LEADING <= r.height && lines.every((l) => l.width * size <= width))
      return { lines, size };
  }
  return null;
}

/** Lines centred vertically in the rectangle; right-aligned when the text is right-to-left. */
export function textOperators(
  writer: PdfText,
  page: PDFPage,
  text: string,
  fitted: FittedText,
  r: DisplayRect,
): Operator[] {
  const { lines, size } = fitted;
  const top = r.y + (r.height - lines.length * size * LEADING) / 2;
  const rtl = hasRtl(text);
  const out: Operator[] = [ops.setNonStrokingRGB(...INK), ops.beginText()];
  lines.forEach((line, i) => {
    const x = rtl ? r.x + r.width - PAD - line.width * size : r.x + PAD;
    // The `cm` of the page flips y; flip the glyphs back.
    out.push(ops.setTextMatrix(1, 0, 0, -1, x, top + (i + 0.1) * size * LEADING + 0.8 * size));
    out.push(...writer.show(page, line, size));
  });
  out.push(ops.endText());
  return out;
}

/** A check mark in the largest square centred in the rectangle. */
export function checkOperators(r: DisplayRect): Operator[] {
  const s = Math.min(r.width, r.height);
  const x = r.x + (r.width - s) / 2;
  const y = r.y + (r.height - s) / 2;
  return [
    ops.pushGraphicsState(),
    ops.setStrokingRGB(...INK),
    ops.setLineWidth(s * 0.12),
    ops.setLineCap(1),
    ops.setLineJoin(1),
    ops.moveTo(x + 0.2 * s, y + 0.55 * s),
    ops.lineTo(x + 0.42 * s, y + 0.76 * s),
    ops.lineTo(x + 0.82 * s, y + 0.26 * s),
    ops.stroke(),
    ops.popGraphicsState(),
  ];
}
