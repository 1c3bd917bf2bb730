import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { combinedSvg, type SignatureArt } from './combined-svg.ts';
import { readMetadata } from './file-metadata.ts';
import { captionLines, combinedLayout } from './layout.ts';
import { qrPath } from './qr-path.ts';
import { strokesPath } from './stroke-path.ts';

const url =
  'http://127.0.0.1:3000/verify-signature?id=1732233600000&ref=SIG-20241122-0042&name=Ada+Lovelace&timestamp=2024-11-22T00%3A00%3A00.000Z';
const meta = { reference: 'SIG-20241122-0042', verifyUrl: url };
const measure = (s: string) => s.length * 7;

function build(art: SignatureArt) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const lines = captionLines(
    [
      { label: 'Signed by:', value: 'Ada <Lovelace>' },
      { label: 'Reference:', value: meta.reference },
    ],
    measure,
    700,
  );
  const layout = combinedLayout(qr.modules.size, lines.length);
  return {
    svg: combinedSvg({ layout, art, qrPath: qrPath(qr.modules), lines, meta, title: 'Signature' }),
    layout,
  };
}

describe('combined SVG', () => {
  test('is vector: strokes as a path, QR as one path, caption as text; no raster image', () => {
    const { svg } = build({
      kind: 'strokes',
      path: strokesPath([
        [
          { x: 10, y: 10 },
          { x: 50, y: 40 },
          { x: 90, y: 20 },
        ],
      ]),
      color: '#000000',
      width: 2,
    });
    expect(svg).not.toContain('<image');
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('stroke-linecap="round"');
    expect(svg).toContain('<text x="10"');
    expect(svg).toContain('Signed by: Ada &lt;Lovelace&gt;');
  });

  test('carries the reference and URL in <metadata>', () => {
    const { svg } = build({ kind: 'none', label: 'No image' });
    expect(svg).toMatch(/<metadata>.*inkproof:Reference="SIG-20241122-0042".*<\/metadata>/);
    expect(readMetadata(new TextEncoder().encode(svg))).toEqual(meta);
  });

  test('typed text keeps its font, embedded as @font-face', () => {
    const { svg } = build({
      kind: 'text',
      text: 'Ada & co',
      family: 'Great Vibes',
      fontSize: 42,
      color: '#112233',
      x: 300,
      baseline: 140,
      fontDataUrl: 'data:font/woff2;base64,AAAA',
    });
    expect(svg).toContain("@font-face{font-family:'Great Vibes';src:url(data:font/woff2;base64,AAAA)");
    expect(svg).toContain('>Ada &amp; co</text>');
    expect(svg).toContain('fill="#112233"');
  });

  test('renders to a picture whose QR code decodes to the verification URL', async () => {
    const { svg, layout } = build({ kind: 'strokes', path: 'M10 10L100 100', color: '#000', width: 2 });
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([layout.width, layout.height]);
    const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(code?.data).toBe(url);
  });
});
