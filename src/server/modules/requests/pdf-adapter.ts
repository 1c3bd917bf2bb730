import type { App } from '../../app.ts';
import type {
  CompletionInput,
  CompletionResult,
  PageSizesResult,
  RecipientStampInput,
  RecipientStampResult,
} from './pdf-contract.ts';

/** The PDF work of signing requests: the only place this module reaches the worker pool. */
export interface RequestPdf {
  pageSizes(pdf: Uint8Array): Promise<PageSizesResult>;
  stampRecipient(input: RecipientStampInput): Promise<RecipientStampResult>;
  completeRequest(input: CompletionInput): Promise<CompletionResult>;
}

/**
 * The pool's jobs of the same names (pdf-worker.ts). They arrive with the PDF side of issue 12;
 * until its job kinds are in the pool's type, the call goes through this untyped view of `run`.
 */
type UntypedRun = (kind: string, input: unknown, opts?: { timeoutMs?: number }) => Promise<unknown>;
const STAMP_TIMEOUT_MS = 60_000;

function poolPdf(app: App): RequestPdf {
  const run = app.pdf.run.bind(app.pdf) as unknown as UntypedRun;
  return {
    pageSizes: (pdf) => run('pageSizes', pdf, { timeoutMs: 15_000 }) as Promise<PageSizesResult>,
    stampRecipient: (input) =>
      run('stampRecipient', input, { timeoutMs: STAMP_TIMEOUT_MS }) as Promise<RecipientStampResult>,
    completeRequest: (input) =>
      run('completeRequest', input, { timeoutMs: STAMP_TIMEOUT_MS }) as Promise<CompletionResult>,
  };
}

const replaced = new WeakMap<App, RequestPdf>();

export function requestPdf(app: App): RequestPdf {
  return replaced.get(app) ?? poolPdf(app);
}

/** Tests only: put another implementation in front of the pool (see test-pdf-seam.ts). */
export function replaceRequestPdfForTests(app: App, pdf: RequestPdf) {
  replaced.set(app, pdf);
}

export const pageSizes = (app: App, pdf: Uint8Array) => requestPdf(app).pageSizes(pdf);
export const stampRecipient = (app: App, input: RecipientStampInput) => requestPdf(app).stampRecipient(input);
export const completeRequest = (app: App, input: CompletionInput) => requestPdf(app).completeRequest(input);
