import sharp from 'sharp';
import { SIGNATURE_IMAGE_MAX_BYTES } from '#shared/signatures/schemas.ts';
import { sanitizeSvg } from './svg-sanitize.ts';

export type ParsedImage =
  | { kind: 'ok'; mime: 'image/png' | 'image/svg+xml'; bytes: Buffer; dataUrl: string }
  | { kind: 'invalid' | 'too-large' | 'unreadable' };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 4000;

/** Accepts a PNG or SVG data URL only; checks bytes, not the declared type, and cleans SVG. */
export async function parseSignatureImage(dataUrl: string): Promise<ParsedImage> {
  const match = /^data:(image\/png|image\/svg\+xml)(;charset=[\w-]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return { kind: 'invalid' };
  const mime = match[1] as 'image/png' | 'image/svg+xml';
  const payload = match[4]!;
  let bytes: Buffer;
  try {
    bytes = match[3] ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    return { kind: 'unreadable' };
  }
  if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES) return { kind: 'too-large' };
  if (bytes.length === 0) return { kind: 'unreadable' };

  if (mime === 'image/png') {
    if (!bytes.subarray(0, 8).equals(PNG_MAGIC)) return { kind: 'invalid' };
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta || meta.format !== 'png' || !meta.width || !meta.height) return { kind: 'unreadable' };
    if (meta.width > MAX_SIDE || meta.height > MAX_SIDE) return { kind: 'too-large' };
    return { kind: 'ok', mime, bytes, dataUrl: `data:image/png;base64,${bytes.toString('base64')}` };
  }

  const clean = sanitizeSvg(bytes.toString('utf8'));
  if (!clean) return { kind: 'unreadable' };
  const cleanBytes = Buffer.from(clean, 'utf8');
  const meta = await sharp(cleanBytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) return { kind: 'unreadable' };
  return {
    kind: 'ok',
    mime,
    bytes: cleanBytes,
    dataUrl: `data:image/svg+xml;base64,${cleanBytes.toString('base64')}`,
  };
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
 * verification page cannot be used to harvest clean signatures.
 */
export async function verificationCopy(bytes: Buffer): Promise<Buffer> {
  const reduced = await sharp(bytes, { density: 72 })
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
