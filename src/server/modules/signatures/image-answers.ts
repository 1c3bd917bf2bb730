import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { invalid, throttled, tooLarge, type Outcome } from '#server/lib/outcomes.ts';
import type { ImageRefusal } from './images.ts';

/** A refused signature image as an outcome: too much is 413, what is not allowed 400. */
export function imageRefused(refusal: ImageRefusal): Outcome {
  switch (refusal.kind) {
    case 'invalid':
      return invalid(m.imageInvalid);
    case 'unreadable':
      return invalid(m.imageUnreadable);
    case 'dashes':
      return invalid(m.imageDashes);
    case 'stroke-too-wide':
      return invalid(m.imageStrokeTooWide);
    case 'too-large':
      return tooLarge(m.imageTooLarge);
    case 'dimensions':
      return tooLarge(m.imageDimensions);
    case 'too-complex':
      return tooLarge(m.imageTooComplex);
    case 'over-budget':
      return tooLarge(m.imageOverBudget);
    case 'busy':
      return throttled(m.imageBusy, refusal.retryAfter);
  }
}
