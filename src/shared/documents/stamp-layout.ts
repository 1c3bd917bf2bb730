/**
 * Where a signature's verification stamp goes: inside the box its owner or signer placed, never
 * outside it (decision 040). The server draws with this layout and the placement screens show it,
 * so what is seen while placing is what gets printed.
 *
 *   ┌──────────────────────┬────────┐
 *   │ signature image      │   QR   │
 *   ├──────────────────────┤  code  │
 *   │ caption (4 lines)    │        │
 *   └──────────────────────┴────────┘
 */

export interface StampRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Modules of the largest QR code a stamp carries: version 11, the size every sealed link is held
 * to. The square is sized for it whatever the link, so the footprint is known before signing.
 */
export const STAMP_QR_MODULES = 61;
/**
 * Each QR module at least this many points (0.42 mm; a phone reads 0.4 mm from paper): decodable
 * from a 150 dpi rendering. At 0.9 pt (2 px) jsQR missed one stamp in three next to its
 * signature; at 1.2 pt none in sixty.
 */
export const MIN_QR_MODULE = 1.2;
/** White modules around the code, inside its square. */
export const QR_QUIET_MODULES = 1;
export const CAPTION_LINES = 4;
/** Caption text in points: its largest size, and the smallest it shrinks to before cutting a line. */
export const CAPTION_SIZE = 5.5;
export const CAPTION_MIN_SIZE = 4.5;
/** Line spacing as a multiple of the caption's size. */
export const CAPTION_LEADING = 7 / 5.5;

const GAP = 3;
const QR_SIDE = (STAMP_QR_MODULES + 2 * QR_QUIET_MODULES) * MIN_QR_MODULE;
const CAPTION_HEIGHT = CAPTION_LINES * CAPTION_SIZE * CAPTION_LEADING;
/** The narrowest column beside the code: a signature's reference fits it at the smallest size. */
const MIN_COLUMN = 72;

/** The smallest signature box, in points, that holds a stamp whose QR modules are MIN_QR_MODULE. */
export const MIN_STAMP_BOX = {
  width: Math.ceil(QR_SIDE + GAP + MIN_COLUMN),
  height: Math.ceil(QR_SIDE),
} as const;

/** Whether a signature box of this size holds a readable stamp (a hundredth of a point of slack). */
export const holdsStamp = (width: number, height: number) =>
  width >= MIN_STAMP_BOX.width - 0.01 && height >= MIN_STAMP_BOX.height - 0.01;

export interface StampLayout {
  /** Where the signature image is fitted (centred, its proportions kept). */
  image: StampRect;
  /** The QR code's square, quiet zone included. */
  qr: StampRect;
  /** The caption's lines, beside the code under the image. */
  caption: StampRect;
  /** 1 for a box that holds a readable stamp; below 1, everything shrinks to stay inside the box. */
  scale: number;
}

/**
 * The stamp's parts inside `box` (any coordinates whose y grows downwards): the QR square at the
 * bottom right, the caption at the bottom left, the image above it. A box smaller than
 * MIN_STAMP_BOX (placed before the minimum existed) gets the same layout shrunk to fit.
 */
export function stampLayout(box: StampRect): StampLayout {
  const scale = Math.min(1, box.width / MIN_STAMP_BOX.width, box.height / MIN_STAMP_BOX.height);
  const side = QR_SIDE * scale;
  const gap = GAP * scale;
  const captionHeight = CAPTION_HEIGHT * scale;
  const column = Math.max(0, box.width - side - gap);
  const bottom = box.y + box.height;
  return {
    image: { x: box.x, y: box.y, width: column, height: Math.max(0, box.height - captionHeight - gap) },
    qr: { x: box.x + box.width - side, y: bottom - side, width: side, height: side },
    caption: { x: box.x, y: bottom - captionHeight, width: column, height: captionHeight },
    scale,
  };
}
