import zlib from 'node:zlib';
import { signatureMessages as m } from '#shared/signatures/messages.ts';

/**
 * SVGs for the image-limit tests and the bench, generated rather than committed: real signature_pad
 * output (the largest a user can draw within 512 KB must pass) and the hostile set: images that once took the server's CPU or memory, and their kin.
 */

function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** Pen strokes as a hand writes them, sampled as signature_pad does (16 ms, at least 2 px apart). */
function handStrokes(strokes: number, points: number, width = 600, height = 250) {
  const r = random(7);
  let time = 0;
  return Array.from({ length: strokes }, () => {
    let x = 20 + r() * (width - 40);
    let y = 30 + r() * (height - 60);
    let a = r() * 2 * Math.PI;
    return Array.from({ length: points }, () => {
      a += (r() - 0.5) * 0.9;
      x = Math.min(width - 5, Math.max(5, x + Math.cos(a) * (2 + r() * 5)));
      y = Math.min(height - 5, Math.max(5, y + Math.sin(a) * (2 + r() * 5)));
      return { x, y, time: (time += 16), pressure: 0.5 };
    });
  });
}

/** The smallest DOM signature_pad 5 needs to draw into and write `toSVG()`. */
class ShimElement {
  style = {};
  private readonly attrs: [string, string][] = [];
  private readonly children: ShimElement[] = [];
  constructor(private readonly tag: string) {}
  setAttribute(k: string, v: unknown) {
    this.attrs.push([k, String(v)]);
  }
  appendChild(c: ShimElement) {
    this.children.push(c);
  }
  get outerHTML(): string {
    const attrs = this.attrs.map(([k, v]) => ` ${k}="${v}"`).join('');
    return `<${this.tag}${attrs}>${this.children.map((c) => c.outerHTML).join('')}</${this.tag}>`;
  }
}

/**
 * What signature_pad 5 itself exports (one <path> per curve) for a drawing of `strokes` strokes of
 * `points` points each, at the creator's pen (radius 1) on a 600x250 pad. 28 × 120 is about as much
 * as fits in 512 KB: ~3,300 paths.
 */
export async function signaturePadSvg(strokes = 28, points = 120): Promise<string> {
  const g = globalThis as Record<string, unknown>;
  const saved = { window: g.window, document: g.document, navigator: g.navigator };
  const document = {
    createElement: (t: string) => new ShimElement(t),
    createElementNS: (_: string, t: string) => new ShimElement(t),
  };
  const ctx = new Proxy({}, { get: () => () => undefined });
  const noop = () => undefined;
  Object.assign(g, {
    window: { devicePixelRatio: 1, addEventListener: noop, removeEventListener: noop, document },
    document,
  });
  Object.defineProperty(g, 'navigator', { value: { userAgent: 'node' }, configurable: true });
  try {
    const { default: SignaturePad } = await import('signature_pad');
    const canvas = {
      width: 600,
      height: 250,
      style: {},
      getContext: () => ctx,
      addEventListener: noop,
      removeEventListener: noop,
      ownerDocument: document,
    } as unknown as HTMLCanvasElement;
    const pen = { minWidth: 1, maxWidth: 1, penColor: 'black', dotSize: 0, velocityFilterWeight: 0.7 };
    const pad = new SignaturePad(canvas, { ...pen, throttle: 16, minDistance: 2 });
    pad.fromData(
      handStrokes(strokes, points).map((p) => ({ ...pen, compositeOperation: 'source-over', points: p })),
    );
    return pad.toSVG();
  } finally {
    Object.assign(g, { window: saved.window, document: saved.document });
    Object.defineProperty(g, 'navigator', { value: saved.navigator, configurable: true });
  }
}

const svg = (attrs: string, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`;
const SIZE = 'width="600" height="250"';
const line = '<path d="M10 10L590 240" stroke="#000" stroke-width="2"/>';

/** `n` cubic curves across the whole canvas in one path: they cross each other everywhere. */
function crossingCurves(n: number, decimals = false) {
  const r = random(3);
  const c = (max: number) => (decimals ? (r() * max).toFixed(1) : Math.round(r() * max));
  let d = 'M10 10';
  for (let i = 0; i < n; i++) d += `C${c(600)} ${c(250)} ${c(600)} ${c(250)} ${c(600)} ${c(250)}`;
  return d;
}

/** Passes every static limit yet takes far over the CPU budget to stroke: only the budget stops it. */
export const expensiveSvg = () =>
  svg(SIZE, `<path d="${crossingCurves(8000)}" stroke="#000" stroke-width="20" fill="none"/>`);

/** A PNG claiming 100,000 × 100,000 pixels in 74 bytes: a decompression bomb's opening. */
function hugePng() {
  const chunk = (type: string, data: Buffer) => {
    const b = Buffer.alloc(12 + data.length);
    b.writeUInt32BE(data.length, 0);
    b.write(type, 4, 'latin1');
    data.copy(b, 8);
    b.writeUInt32BE(zlib.crc32(b.subarray(4, 8 + data.length)), 8 + data.length);
    return b;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** 5,000 paths of 103 bytes: a 504 KB SVG that once blocked the event loop ~270 ms to parse. */
export const FIVE_THOUSAND_PATHS =
  '<path d="M10.5 10.5L500.25 200.25L20.75 220.75L300 120Z" stroke="#000000" stroke-width="2" fill="none"/>'.repeat(
    5000,
  );

export interface HostileImage {
  label: string;
  /** An SVG document, or a ready data URL. */
  image: () => string;
  status: number;
  message: string;
}

/** Hostile images, each with the answer it must get (the ones stopped by the CPU budget last). */
export const HOSTILE_IMAGES: HostileImage[] = [
  {
    label: 'a known attack: 14,000 curves, stroke-width 400, stroke-dasharray 0.01 (466 KB)',
    image: () =>
      svg(
        SIZE,
        `<path d="${crossingCurves(14_000, true)}" stroke="#000" stroke-width="400" stroke-dasharray="0.01" fill="none"/>`,
      ),
    status: 400,
    message: m.imageDashes,
  },
  {
    label: 'a known attack: 5,000 paths (508 KB)',
    image: () => svg(SIZE, FIVE_THOUSAND_PATHS),
    status: 413,
    message: m.imageTooComplex,
  },
  {
    label: 'a known attack: width 1000000, height 10',
    image: () => svg('width="1000000" height="10"', line),
    status: 413,
    message: m.imageDimensions,
  },
  {
    label: 'a viewBox of 1e9 without a size',
    image: () => svg('viewBox="0 0 1000000000 1000000000"', line),
    status: 413,
    message: m.imageDimensions,
  },
  {
    label: 'a width in inches beyond 4000 px',
    image: () => svg('width="50in" height="2in"', line),
    status: 413,
    message: m.imageDimensions,
  },
  {
    label: 'a zero width',
    image: () => svg('width="0" height="250"', line),
    status: 400,
    message: m.imageUnreadable,
  },
  {
    label: 'a PNG header of 100,000 × 100,000 pixels',
    image: hugePng,
    status: 413,
    message: m.imageDimensions,
  },
  {
    label: '20 nested groups',
    image: () => svg(SIZE, `${'<g>'.repeat(20)}${line}${'</g>'.repeat(20)}`),
    status: 413,
    message: m.imageTooComplex,
  },
  {
    label: '20,000 nested groups',
    image: () => svg(SIZE, `${'<g>'.repeat(20_000)}${line}${'</g>'.repeat(20_000)}`),
    status: 413,
    message: m.imageTooComplex,
  },
  {
    label: 'billion laughs entities',
    image: () =>
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' +
      svg(SIZE, '<text y="20">&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;</text>'),
    status: 400,
    message: m.imageUnreadable,
  },
  {
    label: 'one path of 11,000 curves (66,000 numbers)',
    image: () => svg(SIZE, `<path d="${crossingCurves(11_000)}" stroke="#000" fill="none"/>`),
    status: 413,
    message: m.imageTooComplex,
  },
  {
    label: '2,400 characters of text',
    image: () => svg(SIZE, `<text y="100">${'Lorem ipsum '.repeat(200)}</text>`),
    status: 413,
    message: m.imageTooComplex,
  },
  {
    label: 'a dash pattern',
    image: () => svg(SIZE, '<path d="M0 0L600 250" stroke="#000" stroke-dasharray="0.01"/>'),
    status: 400,
    message: m.imageDashes,
  },
  {
    label: 'a dash pattern in a style',
    image: () => svg(SIZE, '<path d="M0 0L600 250" style="stroke:#000;stroke-dasharray:1 1"/>'),
    status: 400,
    message: m.imageDashes,
  },
  {
    label: 'stroke-width 400',
    image: () => svg(SIZE, '<path d="M0 0L600 250" stroke="#000" stroke-width="400"/>'),
    status: 400,
    message: m.imageStrokeTooWide,
  },
  {
    label: 'a stroke widened by a scaled group',
    image: () =>
      svg(SIZE, '<g transform="scale(20)" stroke="#000"><path d="M0 0L30 12" stroke-width="2"/></g>'),
    status: 400,
    message: m.imageStrokeTooWide,
  },
  {
    label: 'a stroke-width of 50%',
    image: () => svg(SIZE, '<path d="M0 0L600 250" stroke="#000" stroke-width="50%"/>'),
    status: 400,
    message: m.imageStrokeTooWide,
  },
  {
    label: 'curves that pass every limit but take seconds to stroke',
    image: expensiveSvg,
    status: 413,
    message: m.imageOverBudget,
  },
];
