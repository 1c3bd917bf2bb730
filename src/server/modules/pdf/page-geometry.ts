import {
  PdfArray,
  PdfDict,
  PdfNumber,
  type PDF,
  type PDFPage,
  type PdfObject,
  type PdfRef,
} from '@libpdf/core';

/** An affine map [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f (PDF's `cm` order). */
export type Matrix = [number, number, number, number, number, number];

export interface PageGeometry {
  /** The visible box (CropBox clipped to MediaBox) in user space: [llx, lly, urx, ury]. */
  box: [number, number, number, number];
  rotate: 0 | 90 | 180 | 270;
  /** Size of the page as displayed (after /Rotate), in points. */
  width: number;
  height: number;
  /** Maps display coordinates (origin top-left, y down) to PDF user space. */
  toUser: Matrix;
}

const INHERITABLE_DEPTH = 64;

/**
 * @libpdf/core 0.4.2 reads boxes as [x, y, width, height] and ignores boxes and /Rotate inherited
 * from /Pages (upstream issue #81), so read the raw entries, walking /Parent ourselves.
 */
export function inherited(pdf: PDF, page: PDFPage, key: string): PdfObject | undefined {
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  let node: PdfDict | undefined = page.dict;
  for (let depth = 0; node && depth < INHERITABLE_DEPTH; depth++) {
    const value = node.get(key, resolve);
    if (value !== undefined) return value;
    const parent = node.get('Parent', resolve);
    node = parent instanceof PdfDict ? parent : undefined;
  }
  return undefined;
}

function rect(value: PdfObject | undefined, pdf: PDF): [number, number, number, number] | null {
  if (!(value instanceof PdfArray) || value.length !== 4) return null;
  const n = [0, 1, 2, 3].map((i) => {
    const item = value.at(i, (ref) => pdf.getObject(ref));
    return item instanceof PdfNumber ? item.value : Number.NaN;
  });
  if (n.some((v) => !Number.isFinite(v))) return null;
  const [x1, y1, x2, y2] = n as [number, number, number, number];
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
}

export function pageGeometry(pdf: PDF, page: PDFPage): PageGeometry {
  // A page without a usable MediaBox is drawn as US Letter by every viewer we know.
  const media = rect(inherited(pdf, page, 'MediaBox'), pdf) ?? [0, 0, 612, 792];
  const crop = rect(inherited(pdf, page, 'CropBox'), pdf);
  let box: [number, number, number, number] = media;
  if (crop) {
    const clipped: [number, number, number, number] = [
      Math.max(crop[0], media[0]),
      Math.max(crop[1], media[1]),
      Math.min(crop[2], media[2]),
      Math.min(crop[3], media[3]),
    ];
    // A CropBox outside the MediaBox is ignored, as pdf.js and poppler do.
    if (clipped[2] > clipped[0] && clipped[3] > clipped[1]) box = clipped;
  }
  const rotValue = inherited(pdf, page, 'Rotate');
  const raw = rotValue instanceof PdfNumber ? rotValue.value : 0;
  const rotate = ((((Math.round(raw / 90) * 90) % 360) + 360) % 360) as PageGeometry['rotate'];
  const [x0, y0, x1, y1] = box;
  const w = x1 - x0;
  const h = y1 - y0;
  // Display (dx, dy) → user space; /Rotate turns the page clockwise for display.
  const toUser: Record<PageGeometry['rotate'], Matrix> = {
    0: [1, 0, 0, -1, x0, y1],
    90: [0, 1, 1, 0, x0, y0],
    180: [-1, 0, 0, 1, x1, y0],
    270: [0, -1, -1, 0, x1, y1],
  };
  const turned = rotate === 90 || rotate === 270;
  return { box, rotate, width: turned ? h : w, height: turned ? w : h, toUser: toUser[rotate] };
}

/** m1 then m2 (a point goes through m1 first). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a, b, c, d, e, f] = m1;
  const [A, B, C, D, E, F] = m2;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export interface DisplayRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether a rectangle in display coordinates lies on the visible page (half a point of slack). */
export function insidePage(g: PageGeometry, r: DisplayRect): boolean {
  const eps = 0.5;
  return r.x >= -eps && r.y >= -eps && r.x + r.width <= g.width + eps && r.y + r.height <= g.height + eps;
}

export type PlacementCheck =
  | { kind: 'ok'; geometry: Map<number, PageGeometry> }
  | { kind: 'no-page'; index: number; pageCount: number }
  | { kind: 'outside'; index: number; width: number; height: number };

/** The geometry of every page something is placed on, or the first placement that cannot go there. */
export function checkPlacements(pdf: PDF, placements: { page: number; rect: DisplayRect }[]): PlacementCheck {
  const pageCount = pdf.getPageCount();
  const geometry = new Map<number, PageGeometry>();
  for (const [index, p] of placements.entries()) {
    if (!Number.isInteger(p.page) || p.page < 1 || p.page > pageCount)
      return { kind: 'no-page', index, pageCount };
    const g = geometry.get(p.page) ?? pageGeometry(pdf, pdf.getPage(p.page - 1)!);
    geometry.set(p.page, g);
    if (!insidePage(g, p.rect)) return { kind: 'outside', index, width: g.width, height: g.height };
  }
  return { kind: 'ok', geometry };
}
