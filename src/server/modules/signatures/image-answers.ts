import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { ImageRefusal } from './images.ts';

/** The HTTP answer to a refused signature image: 413 for too much, 400 for what is not allowed. */
const ANSWERS: Record<ImageRefusal['kind'], { status: 400 | 413 | 429; message: string }> = {
  invalid: { status: 400, message: m.imageInvalid },
  unreadable: { status: 400, message: m.imageUnreadable },
  'too-large': { status: 413, message: m.imageTooLarge },
  dimensions: { status: 413, message: m.imageDimensions },
  'too-complex': { status: 413, message: m.imageTooComplex },
  'over-budget': { status: 413, message: m.imageOverBudget },
  dashes: { status: 400, message: m.imageDashes },
  'stroke-too-wide': { status: 400, message: m.imageStrokeTooWide },
  busy: { status: 429, message: m.imageBusy },
};

export function imageAnswer(refusal: ImageRefusal) {
  return { ...ANSWERS[refusal.kind], retryAfter: refusal.kind === 'busy' ? refusal.retryAfter : undefined };
}
