import { qrFromImageFile } from '#web/features/verification/lib/decode-qr.ts';
import type { LookupRequest } from '#web/features/verification/lib/lookup-types.ts';
import { requestFromMetadata } from '#web/features/verification/lib/read-metadata.ts';
import { describeTarget, requestFromText } from '#web/features/verification/lib/request-from-text.ts';

export type ImageCheck =
  | { kind: 'found'; request: LookupRequest; source: 'qr' | 'metadata'; mismatch: boolean }
  | { kind: 'not-ours' | 'nothing' | 'unreadable' };

/** Larger files are not signature images or photos of one; reading them would only stall the tab. */
const MAX_BYTES = 40 * 1024 * 1024;

/**
 * Finds what an image says it is: the visible QR code first (what a person would scan), then the
 * file's own metadata. When both are there and disagree, the result says so.
 */
export async function checkImageFile(file: File): Promise<ImageCheck> {
  if (file.size === 0 || file.size > MAX_BYTES) return { kind: 'unreadable' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const fromMetadata = await requestFromMetadata(bytes);
  const qr = await qrFromImageFile(file);
  const fromQr = qr.text ? requestFromText(qr.text) : null;
  if (fromQr) {
    const mismatch = fromMetadata !== null && describeTarget(fromMetadata) !== describeTarget(fromQr);
    return { kind: 'found', request: fromQr, source: 'qr', mismatch };
  }
  if (fromMetadata) {
    return { kind: 'found', request: fromMetadata, source: 'metadata', mismatch: qr.text !== null };
  }
  if (qr.text) return { kind: 'not-ours' };
  return { kind: qr.readable ? 'nothing' : 'unreadable' };
}
