import { ops, PdfDict, type PDF, type PDFImage, type PDFPage } from '@libpdf/core';
import QRCode from 'qrcode';
import { inherited, type DisplayRect, type PageGeometry } from './page-geometry.ts';
import type { PdfText } from './pdf-text.ts';
import { fitLine, layoutLine, type Operator, type TextStyle } from './text.ts';

export interface StampText {
  reference: string;
  verifyUrl: string;
  /** e.g. "2025-04-14 10:00 UTC" */
  signedAt: string;
  /** Printed first when given (signing requests: each recipient's own stamp). */
  signer?: string;
}

const QR_SIDE = 30;
/**
 * Each QR module at least this many points (0.42 mm; a phone reads 0.4 mm from paper): decodable
 * from a 150 dpi rendering. At 0.9 pt (2 px) jsQR missed one stamp in three next to its
 * signature; at 1.2 pt none in sixty. A sealed link has more modules, so the stamp grows.
 */
export const MIN_QR_MODULE = 1.2;

/** A link as printed under its QR code: without the seal (the QR carries it; nobody types it). */
export const printedLink = (link: string) => link.replace(/#.*$/, '');
const GAP = 3;
const FONT_SIZE = 5.5;
const LEADING = 7;

/** Pages that inherit /Resources from the page tree get their own copy before we add to it. */
export function ownResources(pdf: PDF, page: PDFPage) {
  if (page.dict.has('Resources')) return;
  const from = inherited(pdf, page, 'Resources');
  if (!(from instanceof PdfDict)) return;
  const copy = from.clone();
  for (const [key, value] of copy) if (value instanceof PdfDict) copy.set(key, value.clone());
  page.dict.set('Resources', copy);
}

function stampLines(t: StampText): { text: string; style: TextStyle }[] {
  const host = t.verifyUrl.replace(/^https?:\/\//, '').replace(/\?.*$/, '');
  return [
    { text: t.signer ? `Signed by ${t.signer}` : 'Signed electronically with Inkproof', style: 'regular' },
    { text: t.reference, style: 'bold' },
    { text: `Verify: ${host}`, style: 'regular' },
    { text: t.signedAt, style: 'regular' },
  ];
}

/**
 * The stamp's size: 30 pt high, or a larger QR code (the text keeps its size) when `minModule`
 * (points) asks for it: a long address has more modules, too small at 30 pt for a phone or a
 * 150 dpi scan.
 */
export function stampSize(t: StampText, minModule = MIN_QR_MODULE) {
  const widths = stampLines(t).map((l) => layoutLine(l.text, l.style).width * FONT_SIZE);
  const side = Math.max(QR_SIDE, (qrFor(t.verifyUrl).modules.size + 2) * minModule);
  return { width: side + GAP + Math.min(140, Math.max(...widths)) + 1, height: side };
}

/**
 * Where the verification stamp of a signature goes: under it when there is room on the page,
 * else above it, else over its lower-left corner; moved sideways to stay on the page.
 */
export function stampRect(
  g: PageGeometry,
  r: DisplayRect,
  size: { width: number; height: number },
): DisplayRect {
  const scale = Math.min(1, g.width / size.width, g.height / size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  const x = Math.min(Math.max(0, r.x), g.width - width);
  let y: number;
  if (r.y + r.height + 2 + height <= g.height) y = r.y + r.height + 2;
  else if (r.y - 2 - height >= 0) y = r.y - 2 - height;
  else y = Math.min(r.y + r.height, g.height) - height;
  return { x, y: Math.max(0, y), width, height };
}

const qrCache = new Map<string, QRCode.QRCode>();
function qrFor(url: string) {
  let qr = qrCache.get(url);
  if (!qr) {
    qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    if (qrCache.size >= 8) qrCache.delete(qrCache.keys().next().value!);
    qrCache.set(url, qr);
  }
  return qr;
}

/** QR modules as one filled path, dark runs of a row merged into one rectangle each. */
export function qrModules(
  url: string,
  x: number,
  y: number,
  side: number,
  quiet: number,
  flipY: boolean,
): Operator[] {
  const qr = qrFor(url);
  const n = qr.modules.size;
  const cell = side / (n + 2 * quiet);
  const out: Operator[] = [];
  for (let row = 0; row < n; row++) {
    const top = flipY ? y + side - (row + quiet + 1) * cell : y + (row + quiet) * cell;
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      out.push(ops.rectangle(x + (start + quiet) * cell, top, (col - start) * cell, cell));
    }
  }
  return out;
}

function qrOps(url: string, x: number, y: number, side: number): Operator[] {
  return [
    ops.setNonStrokingGray(1),
    ops.rectangle(x, y, side, side),
    ops.fill(),
    ops.setNonStrokingGray(0),
    ...qrModules(url, x, y, side, 1, false),
    ops.fill(),
  ];
}

/** The image fitted and centred in its rectangle; display coordinates (inside the page's `cm`). */
export function imageOperators(page: PDFPage, image: PDFImage, r: DisplayRect): Operator[] {
  const imageName = page.registerImage(image);
  const scale = Math.min(r.width / image.width, r.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const ix = r.x + (r.width - w) / 2;
  const iy = r.y + (r.height - h) / 2;
  return [
    ops.pushGraphicsState(),
    // The image's unit square, top edge up on screen: display y grows downwards.
    ops.concatMatrix(w, 0, 0, -h, ix, iy + h),
    ops.paintXObject(`/${imageName}`),
    ops.popGraphicsState(),
  ];
}

/** A verification stamp (QR and its lines) in display coordinates (inside the page's `cm`). */
export function stampOperators(
  writer: PdfText,
  page: PDFPage,
  stamp: DisplayRect,
  text: StampText,
): Operator[] {
  // The QR code fills the stamp's height; the text shrinks with a small stamp, never grows.
  const k = Math.min(1, stamp.height / QR_SIDE);
  const textX = stamp.x + stamp.height + GAP * k;
  const maxText = stamp.width - stamp.height - GAP * k;
  const top = stamp.y + (stamp.height - QR_SIDE * k) / 2;
  const out: Operator[] = [
    ...qrOps(text.verifyUrl, stamp.x, stamp.y, stamp.height),
    ops.setNonStrokingRGB(0.15, 0.15, 0.2),
    ops.beginText(),
  ];
  stampLines(text).forEach((line, i) => {
    out.push(ops.setTextMatrix(1, 0, 0, -1, textX, top + (6 + i * LEADING) * k));
    out.push(...writer.show(page, fitLine(line.text, line.style, FONT_SIZE * k, maxText), FONT_SIZE * k));
  });
  out.push(ops.endText());
  return out;
}

/**
 * The operators drawing one signature image fitted into its rectangle and its verification stamp.
 * Everything is drawn in display coordinates (points of the page as shown, origin top-left, y
 * down): one `cm` turns them into user space, whatever the page's /Rotate and box origin.
 */
export function placementOperators(
  writer: PdfText,
  page: PDFPage,
  g: PageGeometry,
  image: PDFImage,
  r: DisplayRect,
  stamp: DisplayRect,
  text: StampText,
): Operator[] {
  return [
    ops.pushGraphicsState(),
    ops.concatMatrix(...g.toUser),
    ...imageOperators(page, image, r),
    ...stampOperators(writer, page, stamp, text),
    ops.popGraphicsState(),
  ];
}
