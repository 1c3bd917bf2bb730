import type { SignatureFont } from '#web/lib/fonts/catalogue.ts';
import type { Stroke } from './stroke-path.ts';

/** The signature the creator holds: drawn, typed, or loaded from the server (download mode). */
export type CreatedSignature =
  | { kind: 'drawn'; strokes: Stroke[]; png: string }
  | {
      kind: 'typed';
      text: string;
      font: SignatureFont;
      /** After auto-shrink, the size actually drawn. */
      fontSize: number;
      color: string;
      /** Alphabetic baseline that centres the ink vertically in the 600x250 box. */
      baseline: number;
      png: string;
    }
  /** dataUrl is '' for a signature saved without its image. */
  | { kind: 'stored'; dataUrl: string };

export const signatureImage = (s: CreatedSignature) => (s.kind === 'stored' ? s.dataUrl : s.png);

export const PAD = { width: 600, height: 250, strokeWidth: 2, color: '#000000' } as const;
/** Typed text shrinks to fit the canvas minus this many pixels. */
export const TYPE_MARGIN = 40;
export const FONT_SIZE = { min: 20, max: 72, default: 42 } as const;
