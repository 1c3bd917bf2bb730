import type { PdfPool } from '#server/modules/pdf/pdf-pool.ts';
import type {
  CompletionInput,
  CompletionResult,
  PageSizesResult,
  RecipientStampInput,
  RecipientStampResult,
} from './pdf-contract.ts';

/**
 * The PDF work of signing requests: the only place this module reaches the worker pool. Each
 * takes the file over: the caller read it for this job alone and must not read it afterwards
 * (the pool moves it to the worker rather than copying it on the event loop).
 */
export interface RequestPdf {
  pageSizes(pdf: Uint8Array): Promise<PageSizesResult>;
  stampRecipient(input: RecipientStampInput): Promise<RecipientStampResult>;
  completeRequest(input: CompletionInput): Promise<CompletionResult>;
}

const PAGE_SIZES_TIMEOUT_MS = 15_000;
const STAMP_TIMEOUT_MS = 60_000;

/** The pool's operations of the same names (pdf/request-jobs.ts), run in its worker threads. */
export function poolRequestPdf(pool: PdfPool): RequestPdf {
  return {
    pageSizes: (pdf) => pool.run('pageSizes', pdf, { timeoutMs: PAGE_SIZES_TIMEOUT_MS, handOver: [pdf] }),
    stampRecipient: (input) =>
      pool.run('stampRecipient', input, { timeoutMs: STAMP_TIMEOUT_MS, handOver: input.file }),
    completeRequest: (input) =>
      pool.run('completeRequest', input, { timeoutMs: STAMP_TIMEOUT_MS, handOver: input.file }),
  };
}
