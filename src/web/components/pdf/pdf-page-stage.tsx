import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useRef, useState, type ReactNode } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import type { PageSize } from '#web/lib/placement.ts';
import { useElementWidth } from '#web/lib/use-element-width.ts';
import { PdfPageCanvas } from './pdf-page-canvas.tsx';

interface PdfPageStageProps {
  doc: PDFDocumentProxy;
  page: number;
  pageSize: PageSize | null;
  /** The page picture's accessible name. */
  label: string;
  loadingLabel: string;
  /** What lies on the page (placed boxes, fields), given CSS pixels per point. */
  children: (scale: number) => ReactNode;
  testId?: string;
}

const MAX_SCALE = 1.5;
const MIN_SCALE = 0.3;

/** One page at the width available (at most 1.5x), with boxes on top positioned in points. */
export function PdfPageStage({
  doc,
  page,
  pageSize,
  label,
  loadingLabel,
  children,
  testId,
}: PdfPageStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(stageRef);
  const [renderError, setRenderError] = useState<string | null>(null);
  const scale = pageSize && width ? Math.min(MAX_SCALE, Math.max(MIN_SCALE, width / pageSize.width)) : 0;
  return (
    <div ref={stageRef} className="min-h-64">
      {renderError ? (
        <Alert tone="error" role="alert">
          {m.viewerError(renderError)}
        </Alert>
      ) : null}
      {pageSize && scale ? (
        <div
          className="relative mx-auto touch-pan-y"
          style={{ width: pageSize.width * scale, height: pageSize.height * scale }}
          data-testid={testId}
        >
          <PdfPageCanvas
            doc={doc}
            pageNumber={page}
            scale={scale}
            label={label}
            onRendered={() => setRenderError(null)}
            onError={setRenderError}
          />
          {children(scale)}
        </div>
      ) : (
        <LoadingState label={loadingLabel} />
      )}
    </div>
  );
}
