import { xmlEscape as esc } from './bytes.ts';
import { EXPORT, type CombinedLayout } from './layout.ts';
import { INKPROOF_XMP_NS, type InkproofMetadata } from './xmp.ts';

/** What fills the 600x250 signature box, in that box's coordinates. */
export type SignatureArt =
  | { kind: 'strokes'; path: string; color: string; width: number }
  | {
      kind: 'text';
      text: string;
      family: string;
      fontSize: number;
      color: string;
      /** Centre x and alphabetic baseline, as the canvas drew it. */
      x: number;
      baseline: number;
      /** The font file as a data: URL, so the SVG renders the same without the font installed. */
      fontDataUrl?: string | null;
    }
  | { kind: 'image'; href: string }
  | { kind: 'none'; label: string };

export interface CombinedSvgInput {
  layout: CombinedLayout;
  art: SignatureArt;
  /** Path data in module units (see qrPath). */
  qrPath: string;
  lines: string[];
  meta: InkproofMetadata;
  title: string;
}

const n = (v: number) => String(Math.round(v * 100) / 100);
const cssString = (s: string) => `'${s.replace(/[\\'"<>&\n]/g, '')}'`;

function artSvg(art: SignatureArt, w: number, h: number): string {
  switch (art.kind) {
    case 'strokes':
      return `<path d="${art.path}" fill="none" stroke="${esc(art.color)}" stroke-width="${n(art.width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'text': {
      const face = art.fontDataUrl
        ? `<style>@font-face{font-family:${cssString(art.family)};src:url(${art.fontDataUrl}) format('woff2');}</style>`
        : '';
      return (
        face +
        `<text x="${n(art.x)}" y="${n(art.baseline)}" text-anchor="middle" font-family="${esc(cssString(art.family))}, cursive" ` +
        `font-size="${n(art.fontSize)}" fill="${esc(art.color)}" xml:space="preserve">${esc(art.text)}</text>`
      );
    }
    case 'image':
      return `<image href="${esc(art.href)}" x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="xMidYMid meet"/>`;
    case 'none':
      return `<text x="${w / 2}" y="${h / 2}" text-anchor="middle" font-family="${EXPORT.font}" font-size="${EXPORT.fontSize}" font-style="italic" fill="#64748b">${esc(art.label)}</text>`;
  }
}

function metadataSvg(meta: InkproofMetadata): string {
  const ref = esc(meta.reference);
  const url = esc(meta.verifyUrl);
  return (
    '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    `xmlns:inkproof="${INKPROOF_XMP_NS}"><rdf:Description rdf:about="" inkproof:Reference="${ref}" ` +
    `inkproof:VerifyURL="${url}" dc:identifier="${ref}" dc:source="${url}"/></rdf:RDF></metadata>`
  );
}

/**
 * The combined image as real vector SVG: strokes as a path (or text with its font), the QR code as
 * a single path, the caption as text, and the reference and verification URL in <metadata>.
 */
export function combinedSvg({ layout, art, qrPath, lines, meta, title }: CombinedSvgInput): string {
  const { width, height, signature: s, qr, caption } = layout;
  const captionSvg = lines
    .map(
      (line, i) =>
        `<text x="${caption.x}" y="${caption.firstBaseline + i * caption.lineHeight}">${esc(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>${esc(title)}</title><desc>${esc(`Verify this signature at ${meta.verifyUrl}`)}</desc>` +
    metadataSvg(meta) +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    `<g transform="translate(${s.x} ${s.y})">${artSvg(art, s.width, s.height)}</g>` +
    `<path transform="translate(${qr.x} ${qr.y}) scale(${qr.module})" d="${qrPath}" fill="#000000" shape-rendering="crispEdges"/>` +
    `<g font-family="${EXPORT.font}" font-size="${EXPORT.fontSize}" fill="${EXPORT.textColor}">${captionSvg}</g>` +
    '</svg>'
  );
}
