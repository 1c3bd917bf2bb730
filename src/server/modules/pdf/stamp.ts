import { ops, PdfDict, type PDF, type PDFImage, type PDFPage } from '@libpdf/core';
import QRCode from 'qrcode';
import {
  CAPTION_LEADING,
  CAPTION_MIN_SIZE,
  CAPTION_SIZE,
  QR_QUIET_MODULES,
  stampLayout,
  type StampRect,
} from '#shared/documents/stamp-layout.ts';
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

/** A link as printed under its QR code: without the seal (the QR carries it; nobody types it). */
export const printedLink = (link: string) => link.replace(/#.*$/, '');

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

function qrOps(url: string, r: StampRect): Operator[] {
  return [
    ops.setNonStrokingGray(1),
    ops.rectangle(r.x, r.y, r.width, r.height),
    ops.fill(),
    ops.setNonStrokingGray(0),
    ...qrModules(url, r.x, r.y, r.width, QR_QUIET_MODULES, false),
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

const clipTo = (r: StampRect): Operator[] => [
  ops.rectangle(r.x, r.y, r.width, r.height),
  ops.clip(),
  ops.endPath(),
];

/**
 * The caption's lines at the largest size (5.5 pt at most, 4.5 at least) at which they fit its
 * width, a line still too long cut with an ellipsis, the last line on the caption's bottom edge.
 */
function captionOperators(writer: PdfText, page: PDFPage, r: StampRect, scale: number, t: StampText) {
  const lines = stampLines(t);
  const widest = Math.max(...lines.map((l) => layoutLine(l.text, l.style).width));
  const size = Math.min(CAPTION_SIZE, Math.max(CAPTION_MIN_SIZE, r.width / widest)) * scale;
  const leading = size * CAPTION_LEADING;
  // Descenders of the last line stay above the bottom edge.
  const lastBaseline = r.y + r.height - 0.25 * size;
  const out: Operator[] = [
    ops.pushGraphicsState(),
    ...clipTo(r),
    ops.setNonStrokingRGB(0.15, 0.15, 0.2),
    ops.beginText(),
  ];
  lines.forEach((line, i) => {
    const baseline = lastBaseline - (lines.length - 1 - i) * leading;
    out.push(ops.setTextMatrix(1, 0, 0, -1, r.x, baseline));
    out.push(...writer.show(page, fitLine(line.text, line.style, size, r.width), size));
  });
  out.push(ops.endText(), ops.popGraphicsState());
  return out;
}

/**
 * A signature image and its verification stamp (QR code and caption), all inside the placed box
 * `r` and clipped to it: the product adds nothing to a page outside the rectangle that was placed.
 * Display coordinates (inside the page's `cm`).
 */
export function signatureOperators(
  writer: PdfText,
  page: PDFPage,
  image: PDFImage,
  r: DisplayRect,
  text: StampText,
): Operator[] {
  const layout = stampLayout(r);
  return [
    ops.pushGraphicsState(),
    ...clipTo(r),
    ...imageOperators(page, image, layout.image),
    ...qrOps(text.verifyUrl, layout.qr),
    ...captionOperators(writer, page, layout.caption, layout.scale, text),
    ops.popGraphicsState(),
  ];
}

/**
 * The operators drawing one signature with its stamp, for owner signing. Everything is drawn in
 * display coordinates (points of the page as shown, origin top-left, y down): one `cm` turns them
 * into user space, whatever the page's /Rotate and box origin.
 */
export function placementOperators(
  writer: PdfText,
  page: PDFPage,
  g: PageGeometry,
  image: PDFImage,
  r: DisplayRect,
  text: StampText,
): Operator[] {
  return [
    ops.pushGraphicsState(),
    ops.concatMatrix(...g.toUser),
    ...signatureOperators(writer, page, image, r, text),
    ops.popGraphicsState(),
  ];
}
