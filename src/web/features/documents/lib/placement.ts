import { PLACED_SIGNATURE_HEIGHT, PLACED_SIGNATURE_WIDTH } from '#shared/documents/schemas.ts';

/**
 * Placements are kept in PDF points of the page as displayed (CropBox after /Rotate, origin
 * top-left, y down): exactly what the server expects, and what pdf.js's viewport at scale 1 is.
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

export interface Placement extends Rect {
  /** Local id: the same saved signature may be placed several times. */
  key: string;
  signatureId: number;
  signatureData: string;
  page: number;
  /** Size of that page, for keeping the placement on it. */
  pageSize: PageSize;
}

/** Smallest a signature may be made, in points: still legible when printed. */
export const MIN_WIDTH = 30;
export const MIN_HEIGHT = 15;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The default 200x100 rectangle centred on the page, shrunk to fit a smaller page. */
export function centred(page: PageSize): Rect {
  const width = Math.min(PLACED_SIGNATURE_WIDTH, page.width);
  const height = Math.min(PLACED_SIGNATURE_HEIGHT, page.height);
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
export function resizeWithin<R extends Rect>(rect: R, width: number, height: number, page: PageSize): R {
  return {
    ...rect,
    width: clamp(width, Math.min(MIN_WIDTH, page.width - rect.x), page.width - rect.x),
    height: clamp(height, Math.min(MIN_HEIGHT, page.height - rect.y), page.height - rect.y),
  };
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The position the server receives; rounding never pushes the far edges off the page. */
export function toPosition(p: Placement) {
  const page = p.pageSize;
  const x = round(p.x);
  const y = round(p.y);
  return {
    x,
    y,
    width: Math.min(round(p.width), Math.floor((page.width - x) * 100) / 100),
    height: Math.min(round(p.height), Math.floor((page.height - y) * 100) / 100),
    page: p.page,
  };
}
