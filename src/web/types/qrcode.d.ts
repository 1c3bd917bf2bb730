// The part of `qrcode` the web app uses, for tsconfig.web.json ("paths"): @types/qrcode references
// Node's types, which would let browser code use Buffer or process without an error.
export interface BitMatrix {
  size: number;
  data: Uint8Array;
  get(row: number, col: number): number;
}

export interface QRCode {
  modules: BitMatrix;
  version: number;
}

export type ErrorCorrectionLevel = 'low' | 'medium' | 'quartile' | 'high' | 'L' | 'M' | 'Q' | 'H';

export function create(
  text: string,
  options?: { errorCorrectionLevel?: ErrorCorrectionLevel; version?: number },
): QRCode;

declare const qrcode: { create: typeof create };
export default qrcode;
