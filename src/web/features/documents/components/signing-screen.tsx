import { ArrowLeft, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentDetail } from '#shared/documents/schemas.ts';
import { holdsStamp, MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import type { OwnSignature } from '#shared/signatures/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { useKeptWork } from '#web/lib/session/kept-work.ts';
import { toast } from '#web/lib/toast.ts';
import { useSignDocument } from '../api/sign-document.ts';
import { usePageSize } from '#web/lib/pdf/use-page-size.ts';
import { usePdfDocument } from '#web/lib/pdf/use-pdf-document.ts';
import { usePlacements } from '../hooks/use-placements.ts';
import { toPosition, type Placement } from '../lib/placement.ts';
import { signingText as t } from '../signing-messages.ts';
import { SignaturePanel } from './signature-panel.tsx';
import { SigningWorkspace } from './signing-workspace.tsx';
import type { PDFDocumentProxy } from 'pdfjs-dist';

function countByPage(pages: number[]): Array<[number, number]> {
  const counts = new Map<number, number>();
  for (const p of pages) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]);
}

function Workbench({ doc, pdf }: { doc: DocumentDetail; pdf: PDFDocumentProxy }) {
  const [, navigate] = useLocation();
  const [page, setPage] = useState(1);
  const pageSize = usePageSize(pdf, page);
  const placements = usePlacements();
  const sign = useSignDocument(doc.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const placed = placements.placements;
  // Placed signatures outlive an automatic logout: they are back after signing in again.
  useKeptWork<{ page: number; placements: Placement[] }>(
    'placements',
    () => (placed.length ? { page, placements: placed } : null),
    (kept) => {
      if (!Array.isArray(kept.placements)) return;
      placements.restore(kept.placements);
      if (kept.page >= 1 && kept.page <= pdf.numPages) setPage(kept.page);
    },
  );

  const choose = (signature: OwnSignature) => {
    if (pageSize) setFocusKey(placements.place(signature, page, pageSize));
  };

  const refuse = (message: string) => {
    setFailure(message);
    toast({ title: m.signFailed, description: message, variant: 'destructive' });
  };

  const submit = async () => {
    setFailure(null);
    if (placed.length === 0) {
      toast({ title: m.noSignaturesTitle, description: m.noSignaturesPlaced, variant: 'destructive' });
      return;
    }
    if (placed.some((p) => !holdsStamp(p.width, p.height))) {
      refuse(m.signatureTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height));
      return;
    }
    try {
      await sign.mutateAsync({
        signatures: placed.map((p) => ({ signatureId: p.signatureId, position: toPosition(p) })),
      });
      toast({ title: m.signedTitle, description: m.signedOk, variant: 'success' });
      navigate(`/documents/${doc.id}`);
    } catch (error) {
      refuse(error instanceof Error && error.message ? error.message : m.tryLater);
    }
  };

  return (
    <>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm text-slate-700">
          {t.placedSummary(placed.length, t.pagesList(countByPage(placed.map((p) => p.page))))}
        </p>
        <Button
          size="lg"
          disabled={sign.isPending}
          onClick={() => void submit()}
          className="self-start sm:self-auto"
        >
          {sign.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <PenLine aria-hidden="true" className="size-4" />
          )}
          {sign.isPending ? m.signing : m.completeAndSign}
        </Button>
      </div>
      {failure ? (
        <Alert tone="error" role="alert" title={m.signFailed} className="mt-4">
          {failure}
        </Alert>
      ) : null}
      {/* The side column fits the 400x200 pad: 400 + its 2 px borders, the card's padding and border. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_27.875rem]">
        <SigningWorkspace
          doc={pdf}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          placements={placements}
          focusKey={focusKey}
        />
        <SignaturePanel page={page} disabled={sign.isPending || !pageSize} onChoose={choose} />
      </div>
    </>
  );
}

/** The signing screen for a document that can still be signed. */
export function SigningScreen({ doc }: { doc: DocumentDetail }) {
  const [attempt, setAttempt] = useState(0);
  const pdf = usePdfDocument(`/api/documents/${doc.id}/file`, attempt);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Link href={`/documents/${doc.id}`} className={`${buttonClasses('ghost', 'sm')} -ml-3`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {m.back}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {m.signDocumentTitle(doc.name)}
      </h1>
      {pdf.status === 'loading' ? <LoadingState label={m.loadingDocument} showLabel /> : null}
      {pdf.status === 'error' ? (
        <Alert tone="error" role="alert" className="mt-6">
          <p>{m.viewerError(pdf.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => setAttempt((n) => n + 1)}>
            {m.retry}
          </Button>
        </Alert>
      ) : null}
      {pdf.status === 'ready' ? <Workbench doc={doc} pdf={pdf.doc} /> : null}
    </div>
  );
}
