import { SIGNATURE_VALUE_MAX } from '#shared/requests/schemas.ts';
import { fontStack, loadFont } from '#web/lib/fonts/load-font.ts';
import type { SignatureFont } from '#web/lib/fonts/catalogue.ts';

/** Typed signatures are drawn at 3x a 300x100 box: sharp when printed at a field's size. */
const TYPED = { width: 900, height: 300, margin: 40 } as const;
/** Uploaded pictures are redrawn as PNG no larger than this (the server takes PNG or SVG only). */
const UPLOAD_MAX = { width: 1200, height: 600 } as const;

function canvas(width: number, height: number) {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const ctx = c.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  return { c, ctx };
}

/** Text in the chosen handwriting font, black on transparent, shrunk to fit; null for blank text. */
export async function typedPng(text: string, font: SignatureFont): Promise<string | null> {
  const value = text.trim();
  if (!value) return null;
  await loadFont(font);
  const { c, ctx } = canvas(TYPED.width, TYPED.height);
  let size = 150;
  ctx.font = `${size}px ${fontStack(font)}`;
  const width = ctx.measureText(value).width;
  if (width > TYPED.width - TYPED.margin) {
    size = Math.max(8, Math.floor((size * (TYPED.width - TYPED.margin)) / width));
    ctx.font = `${size}px ${fontStack(font)}`;
  }
  const m = ctx.measureText(value);
  ctx.fillStyle = '#000000';
  ctx.textAlign = 'center';
  ctx.fillText(
    value,
    TYPED.width / 2,
    (TYPED.height + m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2,
  );
  return c.toDataURL('image/png');
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('unreadable'));
    img.src = url;
  });
}

/**
 * A picture file (PNG, JPEG, WebP, SVG) redrawn as a PNG that keeps its proportions, or null when
 * the browser cannot read it or the result is over the size the server accepts.
 */
export async function uploadedPng(file: File): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const w = img.naturalWidth || UPLOAD_MAX.width;
    const h = img.naturalHeight || UPLOAD_MAX.height;
    const f = Math.min(1, UPLOAD_MAX.width / w, UPLOAD_MAX.height / h);
    const { c, ctx } = canvas(Math.max(1, Math.round(w * f)), Math.max(1, Math.round(h * f)));
    ctx.drawImage(img, 0, 0, c.width, c.height);
    const png = c.toDataURL('image/png');
    return png.length <= SIGNATURE_VALUE_MAX ? png : null;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
