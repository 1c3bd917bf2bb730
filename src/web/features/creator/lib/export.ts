import QRCode from 'qrcode';
import { fontDataUrl, loadFont } from '#web/lib/fonts/load-font.ts';
import { combinedSvg, type SignatureArt } from './combined-svg.ts';
import { embedMetadata, type RasterFormat } from './file-metadata.ts';
import { captionLines, combinedLayout, EXPORT, type CaptionEntry, type CombinedLayout } from './layout.ts';
import { PAD, signatureImage, type CreatedSignature } from './model.ts';
import { qrPath } from './qr-path.ts';
import { context2d, drawContained, drawStrokes, drawTyped, loadImage, newCanvas } from './render.ts';
import { strokesPath } from './stroke-path.ts';
import { isWebp } from './webp-metadata.ts';
import type { InkproofMetadata } from './xmp.ts';

export type ExportFormat = RasterFormat | 'svg';

export const MIME: Record<ExportFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export interface CombinedInput {
  signature: CreatedSignature;
  /** The verification URL the QR code encodes. */
  qrText: string;
  caption: CaptionEntry[];
  meta: InkproofMetadata;
  title: string;
  /** Shown in the signature box of a signature saved without its image. */
  noImageLabel: string;
}

/** The browser cannot encode the format (WebP in Safari falls back to PNG). */
export class UnsupportedFormatError extends Error {}

const captionFont = `${EXPORT.fontSize}px ${EXPORT.font}`;

function prepare(input: CombinedInput, measure: (s: string) => number) {
  const qr = QRCode.create(input.qrText, { errorCorrectionLevel: 'M' });
  const maxWidth = combinedLayout(qr.modules.size, 0).caption.maxWidth;
  const lines = captionLines(input.caption, measure, maxWidth);
  return { qr, lines, layout: combinedLayout(qr.modules.size, lines.length) };
}

function measurer() {
  const ctx = context2d(newCanvas(1, 1));
  ctx.font = captionFont;
  return (s: string) => ctx.measureText(s).width;
}

/** Strokes and typed text are drawn again at full quality; a stored signature is its image. */
async function drawSignature(
  ctx: CanvasRenderingContext2D,
  input: CombinedInput,
  box: CombinedLayout['signature'],
) {
  const s = input.signature;
  ctx.save();
  ctx.translate(box.x, box.y);
  if (s.kind === 'drawn') drawStrokes(ctx, s.strokes);
  else if (s.kind === 'typed') {
    await loadFont(s.font);
    drawTyped(ctx, s);
  } else if (s.dataUrl) {
    drawContained(ctx, await loadImage(s.dataUrl), { ...box, x: 0, y: 0 });
  } else {
    ctx.fillStyle = '#64748b';
    ctx.font = `italic ${captionFont}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(input.noImageLabel, box.width / 2, box.height / 2);
  }
  ctx.restore();
}

/** Signature, QR code and caption on a white canvas: what PNG, JPG and WebP are encoded from. */
export async function combinedCanvas(input: CombinedInput): Promise<HTMLCanvasElement> {
  const { qr, lines, layout } = prepare(input, measurer());
  const canvas = newCanvas(layout.width, layout.height);
  const ctx = context2d(canvas);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, layout.width, layout.height);

  await drawSignature(ctx, input, layout.signature);

  const modules = qr.modules;
  const { x, y, module } = layout.qr;
  ctx.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) ctx.fillRect(x + col * module, y + row * module, module, module);

  ctx.fillStyle = EXPORT.textColor;
  ctx.font = captionFont;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  lines.forEach((line, i) =>
    ctx.fillText(line, layout.caption.x, layout.caption.firstBaseline + i * layout.caption.lineHeight),
  );
  return canvas;
}

/**
 * Encodes synchronously: Chromium runs toBlob's encoder in idle periods, which on a busy page
 * (toasts animating) took 10-300 ms for this image, against a steady 5-15 ms here.
 */
function encode(canvas: HTMLCanvasElement, type: string, quality?: number): Uint8Array<ArrayBuffer> {
  const url = canvas.toDataURL(type, quality);
  const binary = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encodes a canvas and writes the reference and verification URL into the file. */
export async function encodeRaster(
  canvas: HTMLCanvasElement,
  format: RasterFormat,
  meta: InkproofMetadata | null,
): Promise<Blob> {
  // JPG at quality 1; WebP at 1 makes Chromium write lossless VP8L, which keeps QR edges clean.
  const bytes = encode(canvas, MIME[format], format === 'png' ? undefined : 1);
  if (format === 'webp' && !isWebp(bytes)) throw new UnsupportedFormatError('WebP');
  return new Blob([meta ? embedMetadata(format, bytes, meta) : bytes], { type: MIME[format] });
}

async function artFor(signature: CreatedSignature, noImageLabel: string): Promise<SignatureArt> {
  switch (signature.kind) {
    case 'drawn':
      return {
        kind: 'strokes',
        path: strokesPath(signature.strokes),
        color: PAD.color,
        width: PAD.strokeWidth,
      };
    case 'typed':
      return {
        kind: 'text',
        text: signature.text,
        family: signature.font.family,
        fontSize: signature.fontSize,
        color: signature.color,
        x: PAD.width / 2,
        baseline: signature.baseline,
        fontDataUrl: await fontDataUrl(signature.font),
      };
    case 'stored':
      return signature.dataUrl
        ? { kind: 'image', href: signature.dataUrl }
        : { kind: 'none', label: noImageLabel };
  }
}

/** The combined image as vector SVG with its metadata. */
export async function combinedSvgBlob(input: CombinedInput): Promise<Blob> {
  const { qr, lines, layout } = prepare(input, measurer());
  const svg = combinedSvg({
    layout,
    art: await artFor(input.signature, input.noImageLabel),
    qrPath: qrPath(qr.modules),
    lines,
    meta: input.meta,
    title: input.title,
  });
  return new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`], { type: MIME.svg });
}

/**
 * One combined download, timed: the browser's performance timeline gets an
 * 'inkproof:export:{format}' measure, which the browser tests read for the benchmark.
 */
export async function exportCombined(format: ExportFormat, input: CombinedInput): Promise<Blob> {
  const start = performance.now();
  const blob =
    format === 'svg'
      ? await combinedSvgBlob(input)
      : await encodeRaster(await combinedCanvas(input), format, input.meta);
  performance.measure(`inkproof:export:${format}`, { start, end: performance.now() });
  return blob;
}

/** The signature alone as PNG (600x250, transparent), with metadata once it has a reference. */
export async function exportSignaturePng(
  signature: CreatedSignature,
  meta: InkproofMetadata | null,
): Promise<Blob> {
  const src = signatureImage(signature);
  if (!src) throw new Error('No image data');
  const canvas = newCanvas(PAD.width, PAD.height);
  drawContained(context2d(canvas), await loadImage(src), {
    x: 0,
    y: 0,
    width: PAD.width,
    height: PAD.height,
  });
  return encodeRaster(canvas, 'png', meta);
}
