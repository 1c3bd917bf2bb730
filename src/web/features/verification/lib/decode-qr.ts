import type jsQRType from 'jsqr';
import { nativeQrDetector, nativeQrTexts } from '#web/features/verification/lib/native-qr.ts';

type Inversion = 'dontInvert' | 'attemptBoth';
export type QrReader = typeof jsQRType;

let reader: Promise<QrReader> | null = null;
/** The QR decoder is loaded on first use only: most visitors type a reference or open a link. */
export const loadQrReader = () => (reader ??= import('jsqr').then((module) => module.default));

/** Reads a QR code from what is drawn on the canvas, or null. */
export function qrFromCanvas(
  jsQR: QrReader,
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  inversion: Inversion = 'dontInvert',
): string | null {
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(data, canvas.width, canvas.height, { inversionAttempts: inversion })?.data ?? null;
}

async function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** About a 12-megapixel phone photo at full size; larger pictures are read scaled down. */
const MAX_SIDE = 4096;

/**
 * The long sides to try, best first. jsQR finds a code only when its modules are a few pixels wide,
 * and is picky about the exact scale: a downloaded file reads at its own size, a photo (where the
 * code is a small part of a large picture) at one of the larger sizes, a small SVG when enlarged.
 */
function sidesFor(longSide: number): number[] {
  const capped = (s: number) => Math.min(s, longSide, MAX_SIDE);
  const sides = [capped(1200), capped(2000), capped(1600), capped(2800), capped(MAX_SIDE), 800, 500];
  if (longSide < 900) sides.push(longSide * 2, longSide * 3);
  return [...new Set(sides.map(Math.round))].filter((s) => s >= 100);
}

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Decodes the QR code of an image file (PNG, JPG, WebP, SVG), entirely in the browser. */
export async function qrFromImageFile(file: Blob): Promise<{ text: string | null; readable: boolean }> {
  let image: HTMLImageElement;
  const [jsQR, native] = await Promise.all([loadQrReader(), nativeQrDetector()]);
  try {
    image = await loadImage(file);
  } catch {
    return { text: null, readable: false };
  }
  const fromNative = native ? await nativeQrTexts(native, image) : [];
  if (fromNative[0]) return { text: fromNative[0], readable: true };
  const width = image.naturalWidth || 300;
  const height = image.naturalHeight || 150;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return { text: null, readable: false };
  for (const [i, side] of sidesFor(Math.max(width, height)).entries()) {
    const scale = side / Math.max(width, height);
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    // Transparent pixels read as black: paint the paper first.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const text = qrFromCanvas(jsQR, canvas, context, i === 0 ? 'attemptBoth' : 'dontInvert');
    if (text) return { text, readable: true };
    await nextFrame();
  }
  return { text: null, readable: true };
}
