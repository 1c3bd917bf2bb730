import zlib from 'node:zlib';
import { PDFImage, PdfName, PdfNumber, type PDF } from '@libpdf/core';
import sharp from 'sharp';

/**
 * A picture as separate colour and alpha planes, 8 bits each, each already compressed (zlib, as a
 * PDF FlateDecode stream wants it): what the image pool gives back. Compressed in the image child,
 * a signature crosses to the server and on to the PDF worker as ~30 KB instead of ~750 KB raw,
 * which the event loop would otherwise read from the pipe and copy twice.
 */
export interface RasterImage {
  width: number;
  height: number;
  /** zlib stream of width × height × 3 bytes */
  rgb: Uint8Array;
  /** zlib stream of width × height bytes */
  alpha: Uint8Array;
}

/**
 * Embeds an image as an RGB XObject with a soft mask, its planes as compressed by `rasterize`
 * (node's native zlib): the library's own PNG path inflates and deflates in JavaScript, the
 * largest cost of a small signing.
 */
export function embedRaster(pdf: PDF, img: RasterImage): PDFImage {
  const common = {
    Type: PdfName.of('XObject'),
    Subtype: PdfName.of('Image'),
    Width: PdfNumber.of(img.width),
    Height: PdfNumber.of(img.height),
    BitsPerComponent: PdfNumber.of(8),
    Filter: PdfName.of('FlateDecode'),
  };
  const smask = pdf.createStream({ ...common, ColorSpace: PdfName.of('DeviceGray') }, img.alpha);
  const ref = pdf.createStream({ ...common, ColorSpace: PdfName.of('DeviceRGB'), SMask: smask }, img.rgb);
  return new PDFImage(ref, img.width, img.height);
}

/**
 * PNG or SVG bytes as the planes the PDF gets, `targetWidth` pixels wide at most (SVG is drawn at
 * that width). The server calls it through the image pool (signatures/image-work.ts), never in its
 * own process: sharp there would share libuv's pool with password hashing (decision 017).
 */
export async function rasterize(
  bytes: Buffer,
  mime: 'image/png' | 'image/svg+xml',
  targetWidth: number,
): Promise<RasterImage> {
  let source = bytes;
  if (mime === 'image/svg+xml') {
    const meta = await sharp(bytes).metadata();
    const density = Math.min(2400, Math.max(72, (72 * targetWidth) / (meta.width ?? targetWidth)));
    source = await sharp(bytes, { density }).png().toBuffer();
  }
  const sized = await sharp(source).resize({ width: targetWidth, withoutEnlargement: true }).png().toBuffer();
  const [rgb, alpha] = await Promise.all([
    sharp(sized).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true }),
    sharp(sized).ensureAlpha().extractChannel(3).raw().toBuffer(),
  ]);
  if (rgb.info.channels !== 3) throw new Error(`expected 3 colour channels, got ${rgb.info.channels}`);
  return {
    width: rgb.info.width,
    height: rgb.info.height,
    rgb: zlib.deflateSync(rgb.data),
    alpha: zlib.deflateSync(alpha),
  };
}
