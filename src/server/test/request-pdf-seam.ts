import type { App } from '#server/app-types.ts';
import type { RequestPdf } from '#server/modules/requests/pdf-adapter.ts';
import type { CompletionInput, RecipientStampInput } from '#server/modules/requests/pdf-contract.ts';

/**
 * TESTS ONLY: the real PDF pool's request operations, watched. It records what the service asks
 * the pool (a test reads which recipient's fields went in), can keep stamps in flight (`hold`, for
 * concurrent finishes), and can make the next stamp or seal die as a killed worker would
 * (`failStamp` / `failSeal`): faults a real pool cannot be made to produce on cue.
 */
export class WatchedPdf implements RequestPdf {
  stamps: RecipientStampInput[] = [];
  seals: CompletionInput[] = [];
  hold: Promise<void> | null = null;
  failStamp = 0;
  failSeal = 0;

  constructor(private readonly real: RequestPdf) {}

  pageSizes(pdf: Uint8Array) {
    return this.real.pageSizes(pdf);
  }

  async stampRecipient(input: RecipientStampInput) {
    this.stamps.push(input);
    if (this.hold) await this.hold;
    if (this.failStamp > 0) {
      this.failStamp -= 1;
      throw new Error('PDF worker killed mid-way (test)');
    }
    return this.real.stampRecipient(input);
  }

  async completeRequest(input: CompletionInput) {
    this.seals.push(input);
    if (this.failSeal > 0) {
      this.failSeal -= 1;
      throw new Error('PDF worker killed mid-way (test)');
    }
    return this.real.completeRequest(input);
  }
}

export function watchRequestPdf(app: App) {
  const watched = new WatchedPdf(app.requests.deps.pdf());
  app.requests.deps.pdf = () => watched;
  return watched;
}
