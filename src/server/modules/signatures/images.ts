import { SIGNATURE_IMAGE_MAX_BYTES } from '#shared/signatures/schemas.ts';
import { ImageAbortedError, ImageBusyError, imagePool } from '../images/image-pool.ts';
import type { RasterImage } from '../pdf/image.ts';
import type { ImageProblem } from './image-work.ts';
import { SVG_LIMITS } from './svg-limits.ts';

/** Why an image was not taken; `busy` carries the seconds to wait before retrying. */
export type ImageRefusal = { kind: ImageProblem | 'over-budget' } | { kind: 'busy'; retryAfter: number };

export type ParsedImage =
  | {
      kind: 'ok';
      mime: 'image/png' | 'image/svg+xml';
      bytes: Buffer;
      dataUrl: string;
      /** The public verification copy, when asked for. */
      copy?: Buffer;
      /** The picture for a PDF, when asked for. */
      raster?: RasterImage;
    }
  | ImageRefusal;

/**
 * What one signature image may take in the image pool, in CPU time and resident memory. The
 * largest real one (signature_pad's 3,300 paths at the 512 KB cap) took 0.4 s of CPU and peaked at
 * ~150 MB here; a child idles at ~105 MB.
 */
export const SIGNATURE_IMAGE_BUDGET = { timeoutMs: 2000, memoryMb: 384 };
/** Rasterising for a PDF draws up to 3000 px wide (that SVG: 1.2 s, ~290 MB), signed-in users only. */
export const RASTER_IMAGE_BUDGET = { timeoutMs: 10_000, memoryMb: 768 };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Start tags are at least the elements (XML allows no raw `<` in text or attributes): a cheap bound. */
function startTags(svg: Buffer) {
  let n = 0;
  for (let i = svg.indexOf(0x3c); i >= 0 && i < svg.length - 1; i = svg.indexOf(0x3c, i + 1)) {
    const c = svg[i + 1]! | 0x20;
    if (c >= 0x61 && c <= 0x7a) n++;
  }
  return n;
}

export interface ParseOptions {
  /** Whose job this is for the per-client cap (the client's IP). */
  key?: string;
  copy?: boolean;
  rasterWidth?: number;
}

/**
 * Accepts a PNG or SVG data URL only; checks bytes, not the declared type, and cleans SVG. Only the
 * data URL and the byte-level checks run here; the rest in the image pool (decision 017).
 */
export async function parseSignatureImage(dataUrl: string, opts: ParseOptions = {}): Promise<ParsedImage> {
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
  if (mime === 'image/png' && !bytes.subarray(0, 8).equals(PNG_MAGIC)) return { kind: 'invalid' };
  if (mime === 'image/svg+xml' && startTags(bytes) > SVG_LIMITS.maxElements) return { kind: 'too-complex' };

  const budget = opts.rasterWidth ? RASTER_IMAGE_BUDGET : SIGNATURE_IMAGE_BUDGET;
  let done;
  try {
    done = await imagePool().run(
      'signature',
      { mime, bytes, copy: opts.copy, rasterWidth: opts.rasterWidth },
      { ...budget, key: opts.key },
    );
  } catch (err) {
    if (err instanceof ImageBusyError) return { kind: 'busy', retryAfter: err.retryAfter };
    if (err instanceof ImageAbortedError) {
      // a job that waited for a core is the machine's doing, not the image's: try again shortly
      return err.reason === 'stalled'
        ? { kind: 'busy', retryAfter: Math.ceil(budget.timeoutMs / 1000) }
        : { kind: 'over-budget' };
    }
    return { kind: 'unreadable' };
  }
  if (done.kind !== 'ok') return done;
  return {
    ...done,
    mime,
    dataUrl: `data:${mime};base64,${done.bytes.toString('base64')}`,
  };
}
