import sharp from 'sharp';
import type { RasterImage } from '../pdf/image.ts';
import { SVG_LIMITS, type SvgProblem } from './svg-limits.ts';
import { sanitizeSvg } from './svg-sanitize.ts';

/**
 * The signature image work that runs in the image pool's child processes (decision 017), never in
 * the server process: sanitising, measuring and rendering a signature can be made arbitrarily slow.
 */
export type ImageProblem = SvgProblem | 'invalid' | 'too-large';

export interface SignatureJob {
  mime: 'image/png' | 'image/svg+xml';
  bytes: Buffer;
  /** Also render the public verification copy (saving). */
  copy?: boolean;
  /** Also rasterise at this width for a PDF (document signing). */
  rasterWidth?: number;
}

export type SignatureJobResult =
  { kind: 'ok'; bytes: Buffer; copy?: Buffer; raster?: RasterImage } | { kind: ImageProblem };

/** Decoded pixels at most: a side of SVG_LIMITS.maxSide both ways. */
const MAX_PIXELS = SVG_LIMITS.maxSide ** 2;

/** Checks the bytes (SVG cleaned and held to SVG_LIMITS), then renders what was asked. */
export async function signatureJob(job: SignatureJob): Promise<SignatureJobResult> {
  let bytes = Buffer.from(job.bytes);
  if (job.mime === 'image/svg+xml') {
    const clean = sanitizeSvg(bytes.toString('utf8'));
    if (clean.kind !== 'ok') return clean;
    bytes = Buffer.from(clean.svg, 'utf8');
  }
  // the header (or the SVG's size) only: the pixel limit applies when pixels are decoded
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return { kind: 'unreadable' };
  if (job.mime === 'image/png' && meta.format !== 'png') return { kind: 'unreadable' };
  if (meta.width > SVG_LIMITS.maxSide || meta.height > SVG_LIMITS.maxSide) return { kind: 'dimensions' };
  return {
    kind: 'ok',
    bytes,
    ...(job.copy ? { copy: await verificationCopy(bytes, meta.width, meta.height) } : {}),
    ...(job.rasterWidth ? { raster: await raster(bytes, job.mime, job.rasterWidth) } : {}),
  };
}

/** Loaded when a document is signed only: the PDF library it comes with takes ~1 s to load. */
async function raster(bytes: Buffer, mime: SignatureJob['mime'], width: number) {
  const { rasterize } = await import('../pdf/image.ts');
  return rasterize(bytes, mime, width);
}

const COPY_WIDTH = 320;
const COPY_HEIGHT = 140;

function watermarkSvg(width: number, height: number) {
  const line = 'VERIFIED - Verification copy only';
  const rows = Array.from({ length: 7 }, (_, i) => {
    const y = -height + i * 38;
    return `<text x="${-width / 2 + (i % 2) * 60}" y="${y}" font-size="15">${line}  ·  ${line}</text>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<g transform="rotate(-18 ${width / 2} ${height / 2})" fill="#b91c1c" fill-opacity="0.55" ` +
      `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold">${rows}</g>` +
      `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" fill="none" stroke="#b91c1c" stroke-opacity="0.6" stroke-width="2"/>` +
      `</svg>`,
  );
}

/**
 * The only picture of a signature the public ever gets: reduced, softened and watermarked, so the
 * verification page cannot be used to harvest clean signatures. SVG is drawn at no more than twice
 * the copy's size (density scales it), not at its own size only to be shrunk.
 */
export async function verificationCopy(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  const density = 72 * Math.min(1, (2 * COPY_WIDTH) / width, (2 * COPY_HEIGHT) / height);
  const reduced = await sharp(bytes, { density: Math.max(1, density), limitInputPixels: MAX_PIXELS })
    .resize(COPY_WIDTH, COPY_HEIGHT, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .blur(0.8)
    .png()
    .toBuffer();
  return sharp(reduced)
    .composite([{ input: watermarkSvg(COPY_WIDTH, COPY_HEIGHT), top: 0, left: 0 }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
