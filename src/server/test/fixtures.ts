import sharp from 'sharp';

export const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="250"><path d="M20 200 C 100 20, 200 20, 300 150 S 500 250, 580 60" stroke="#000" stroke-width="4" fill="none"/></svg>';

/** A real PNG of a drawn stroke, as the creator's canvas produces. */
export async function signaturePng(): Promise<string> {
  const png = await sharp(Buffer.from(SIGNATURE_SVG)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const signatureSvgDataUrl = (svg = SIGNATURE_SVG) =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
