import crypto from 'node:crypto';
import type { App } from '../../app.ts';
import { openPdf } from '../pdf/open.ts';
import { pageGeometry } from '../pdf/page-geometry.ts';
import { replaceRequestPdfForTests, type RequestPdf } from './pdf-adapter.ts';
import type { CompletionInput, RecipientStampInput } from './pdf-contract.ts';

/**
 * TESTS ONLY, until the PDF side of issue 12 is merged: stands in for the pool's request jobs.
 * Page sizes are real (read in-process); a recipient's "stamp" and the "seal" append a PDF comment
 * line naming who or what, so each revision differs and a test can read which finishes landed.
 * `hold` lets a test keep stamps in flight; `failStamp`/`failSeal` make the next job die mid-way.
 */
export class TestOnlyPdfSeam implements RequestPdf {
  stamps: RecipientStampInput[] = [];
  seals: CompletionInput[] = [];
  hold: Promise<void> | null = null;
  failStamp = 0;
  failSeal = 0;

  async pageSizes(pdf: Uint8Array) {
    const opened = await openPdf(pdf);
    if (opened.kind !== 'ok') return opened;
    const pages = opened.pdf.getPages().map((p) => {
      const g = pageGeometry(opened.pdf, p);
      return { width: g.width, height: g.height };
    });
    return { kind: 'ok' as const, pages };
  }

  async stampRecipient(input: RecipientStampInput) {
    this.stamps.push(input);
    if (this.hold) await this.hold;
    if (this.failStamp > 0) {
      this.failStamp -= 1;
      throw new Error('PDF worker killed mid-way (test)');
    }
    const bytes = append(input.pdf, `%test-revision ${input.signerName} fields=${input.fields.length}\n`);
    return {
      kind: 'ok' as const,
      bytes,
      sha256: hash(bytes),
      length: bytes.length,
      pageCount: 0,
      // Where a QR stamp would go: just under each signature field.
      stamps: input.fields.flatMap((f, field) =>
        f.kind === 'signature'
          ? [
              {
                field,
                page: f.page,
                rect: { x: f.rect.x, y: f.rect.y + f.rect.height + 2, width: 60, height: 30 },
              },
            ]
          : [],
      ),
      removed: [],
    };
  }

  async completeRequest(input: CompletionInput) {
    this.seals.push(input);
    if (this.failSeal > 0) {
      this.failSeal -= 1;
      throw new Error('PDF worker killed mid-way (test)');
    }
    const bytes = append(input.pdf, `%test-sealed ${input.reference} events=${input.events.length}\n`);
    return {
      kind: 'ok' as const,
      bytes,
      sha256: hash(bytes),
      length: bytes.length,
      pageCount: 0,
      auditPages: [],
    };
  }
}

const append = (pdf: Uint8Array, line: string) =>
  new Uint8Array(Buffer.concat([pdf, Buffer.from(line, 'latin1')]));
const hash = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

export function useTestOnlyPdfSeam(app: App) {
  const seam = new TestOnlyPdfSeam();
  replaceRequestPdfForTests(app, seam);
  return seam;
}
