import { PLACED_SIGNATURE_HEIGHT, PLACED_SIGNATURE_WIDTH } from '#shared/documents/schemas.ts';
import { centredRect, roundedRect, type PageSize, type Rect } from '#web/lib/placement.ts';

export interface Placement extends Rect {
  /** Local id: the same saved signature may be placed several times. */
  key: string;
  signatureId: number;
  signatureData: string;
  page: number;
  /** Size of that page, for keeping the placement on it. */
  pageSize: PageSize;
}

/** The default 200x100 rectangle centred on the page, shrunk to fit a smaller page. */
export const centred = (page: PageSize): Rect =>
  centredRect(page, { width: PLACED_SIGNATURE_WIDTH, height: PLACED_SIGNATURE_HEIGHT });

/** The position the server receives; rounding never pushes the far edges off the page. */
export const toPosition = (p: Placement) => ({ ...roundedRect(p, p.pageSize), page: p.page });
