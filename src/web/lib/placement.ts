/**
 * Boxes placed on a PDF page, in points of the page as displayed (CropBox after /Rotate, origin
 * top-left, y down): exactly what the server expects, and what pdf.js's viewport at scale 1 is.
 * Used by the owner's signing screen and by the fields of signing requests.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageSize {
  width: number;
  height: number;
}

/** Smallest a box may be made, in points: still legible when printed. */
export const MIN_SIZE = { width: 30, height: 15 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A box of the given size centred on the page, shrunk to fit a smaller page. */
export function centredRect(page: PageSize, size: PageSize): Rect {
  const width = Math.min(size.width, page.width);
  const height = Math.min(size.height, page.height);
  return { x: (page.width - width) / 2, y: (page.height - height) / 2, width, height };
}

/** The same size, moved so that it lies wholly on the page. */
export function moveWithin<R extends Rect>(rect: R, x: number, y: number, page: PageSize): R {
  return {
    ...rect,
    x: clamp(x, 0, Math.max(0, page.width - rect.width)),
    y: clamp(y, 0, Math.max(0, page.height - rect.height)),
  };
}

/** A new size from the top-left corner, kept between the minimum and the page's edges. */
export function resizeWithin<R extends Rect>(
  rect: R,
  width: number,
  height: number,
  page: PageSize,
  min: PageSize = MIN_SIZE,
): R {
  return {
    ...rect,
    width: clamp(width, Math.min(min.width, page.width - rect.x), page.width - rect.x),
    height: clamp(height, Math.min(min.height, page.height - rect.y), page.height - rect.y),
  };
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The rectangle the server receives, to 0.01 pt; rounding never pushes the far edges off the page. */
export function roundedRect(rect: Rect, page: PageSize): Rect {
  const x = round(rect.x);
  const y = round(rect.y);
  return {
    x,
    y,
    width: Math.min(round(rect.width), Math.floor((page.width - x) * 100) / 100),
    height: Math.min(round(rect.height), Math.floor((page.height - y) * 100) / 100),
  };
}
