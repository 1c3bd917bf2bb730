import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useRef, useState } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useElementWidth } from '../hooks/use-element-width.ts';
import type { PlacementsState } from '../hooks/use-placements.ts';
import type { PageSize } from '../lib/placement.ts';
import { signingText as t } from '../signing-messages.ts';
import { PdfPageCanvas } from './pdf-page-canvas.tsx';
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

const MAX_SCALE = 1.5;
const MIN_SCALE = 0.3;

/** 'Place your signature': the current page at the width available, with its placed signatures on top. */
export function SigningWorkspace({
  doc,
  page,
  pageSize,
  onPage,
  placements,
  focusKey,
}: SigningWorkspaceProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(stageRef);
  const [renderError, setRenderError] = useState<string | null>(null);
  const total = doc.numPages;
  const scale = pageSize && width ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, width / pageSize.width)) : 0;
  const onThisPage = placements.placements.filter((p) => p.page === page);

  return (
    <Card className="min-w-0 overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{m.placeSignature}</h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t.previousPage}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <span
            className="min-w-24 text-center text-sm font-medium text-slate-800"
            aria-live="polite"
            data-testid="signing-page"
          >
            {m.pageOf(page, total)}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t.nextPage}
            disabled={page >= total}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
      <p className="px-4 pt-3 text-sm text-slate-700">{t.workspaceHint}</p>
      <div ref={stageRef} className="m-4 min-h-64">
        {renderError ? (
          <Alert tone="error" role="alert">
            {m.viewerError(renderError)}
          </Alert>
        ) : null}
        {pageSize && scale ? (
          <div
            className="relative mx-auto touch-pan-y"
            style={{ width: pageSize.width * scale, height: pageSize.height * scale }}
            data-testid="signing-stage"
          >
            <PdfPageCanvas
              doc={doc}
              pageNumber={page}
              scale={scale}
              label={t.pageImage(page, total)}
              onRendered={() => setRenderError(null)}
              onError={setRenderError}
            />
            {onThisPage.map((p) => (
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
            ))}
          </div>
        ) : (
          <LoadingState label={t.loadingPage} />
        )}
      </div>
    </Card>
  );
}
