import type { PDFDocumentProxy } from 'pdfjs-dist';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { PageNav } from '#web/components/pdf/page-nav.tsx';
import { PdfPageStage } from '#web/components/pdf/pdf-page-stage.tsx';
import { Card } from '#web/components/ui/card.tsx';
import type { PageSize } from '#web/lib/placement.ts';
import type { PlacementsState } from '../hooks/use-placements.ts';
import { signingText as t } from '../signing-messages.ts';
import { PlacedSignature } from './placed-signature.tsx';

interface SigningWorkspaceProps {
  doc: PDFDocumentProxy;
  page: number;
  pageSize: PageSize | null;
  onPage: (page: number) => void;
  placements: PlacementsState;
  /** The placement made last, which takes the focus. */
  focusKey: string | null;
}

/** 'Place your signature': the current page at the width available, with its placed signatures on top. */
export function SigningWorkspace({
  doc,
  page,
  pageSize,
  onPage,
  placements,
  focusKey,
}: SigningWorkspaceProps) {
  const total = doc.numPages;
  const onThisPage = placements.placements.filter((p) => p.page === page);

  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{m.placeSignature}</h2>
        <PageNav
          page={page}
          total={total}
          onPage={onPage}
          previousLabel={t.previousPage}
          nextLabel={t.nextPage}
          testId="signing-page"
        />
      </div>
      <p className="px-4 pt-3 text-sm text-slate-700">{t.workspaceHint}</p>
      <div className="m-6">
        <PdfPageStage
          doc={doc}
          page={page}
          pageSize={pageSize}
          label={t.pageImage(page, total)}
          loadingLabel={t.loadingPage}
          testId="signing-stage"
        >
          {(scale) =>
            onThisPage.map((p) => (
              <PlacedSignature
                key={p.key}
                placement={p}
                index={placements.placements.indexOf(p)}
                scale={scale}
                takeFocus={p.key === focusKey}
                onMove={(x, y) => placements.moveTo(p.key, x, y)}
                onResize={(w, h) => placements.resizeTo(p.key, w, h)}
                onRemove={() => placements.remove(p.key)}
              />
            ))
          }
        </PdfPageStage>
      </div>
    </Card>
  );
}
