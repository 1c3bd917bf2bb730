import { RotateCcw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { usePageSize } from '#web/lib/pdf/use-page-size.ts';
import { usePdfDocument } from '#web/lib/pdf/use-pdf-document.ts';
import { useElementWidth } from '#web/lib/use-element-width.ts';
import { nextZoom, openingZoom, VIEWER_ZOOM } from '../lib/viewer-zoom.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { documentsText as t } from '../messages.ts';
import { PdfPageCanvas } from '#web/components/pdf/pdf-page-canvas.tsx';
import { ViewerToolbar } from './viewer-toolbar.tsx';

interface PdfViewerProps {
  /** Where the PDF's bytes come from (an API path). */
  url: string;
  /** Name a download from the viewer is saved under. */
  fileName: string;
}

interface ViewState {
  page: number;
  /** Null until the reader zooms: the opening zoom, which follows the space and the page. */
  zoom: number | null;
  rotation: number;
}

const START: ViewState = { page: 1, zoom: null, rotation: 0 };

/**
 * The PDF viewer: one page at a time, zoom 0.6-3, turns in 90-degree steps. It opens
 * at 1.2, or at the page's width where that is narrower, so a phone shows the whole width.
 */
export function PdfViewer({ url, fileName }: PdfViewerProps) {
  const [attempt, setAttempt] = useState(0);
  const pdf = usePdfDocument(url, attempt);
  const [view, setView] = useState<ViewState>(START);
  const [renderError, setRenderError] = useState<string | null>(null);
  const regionId = useId();
  const regionRef = useRef<HTMLDivElement>(null);
  const available = useElementWidth(regionRef);
  const total = pdf.status === 'ready' ? pdf.doc.numPages : 0;
  const page = Math.min(view.page, Math.max(total, 1));
  const pageSize = usePageSize(pdf.status === 'ready' ? pdf.doc : null, page);
  const turned = view.rotation % 180 !== 0;
  const pageWidth = pageSize && (turned ? pageSize.height : pageSize.width);
  const zoom = view.zoom ?? (pageWidth && available ? openingZoom(available, pageWidth) : null);

  const retry = () => {
    setRenderError(null);
    setView(START);
    setAttempt((n) => n + 1);
  };

  const download = () => {
    if (pdf.status !== 'ready') return;
    try {
      saveFile(new Blob([pdf.bytes.slice()], { type: 'application/pdf' }), fileName);
    } catch {
      toast({ title: m.downloadFailed, description: m.viewerDownloadFailed, variant: 'destructive' });
    }
  };

  const error = pdf.status === 'error' ? pdf.error : renderError;

  return (
    <section
      aria-label={t.viewerLabel}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
    >
      <ViewerToolbar
        page={page}
        total={total}
        zoom={zoom ?? VIEWER_ZOOM.start}
        disabled={pdf.status !== 'ready' || zoom === null}
        controls={regionId}
        onPage={(next) => setView((v) => ({ ...v, page: next }))}
        onZoom={(direction) =>
          setView((v) => ({ ...v, zoom: nextZoom(zoom ?? VIEWER_ZOOM.start, direction) }))
        }
        onRotate={() => setView((v) => ({ ...v, rotation: (v.rotation + 90) % 360 }))}
        onDownload={download}
      />
      <div
        ref={regionRef}
        id={regionId}
        role="region"
        aria-label={t.pageRegion}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the page may be larger than the box: keyboard users scroll it too (axe scrollable-region-focusable)
        tabIndex={0}
        className="grid max-h-[75vh] min-h-80 overflow-auto bg-slate-100 p-2 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ink-600 sm:p-4"
      >
        {error ? (
          <div className="self-center justify-self-center">
            <Alert tone="error" role="alert">
              <p>{m.viewerError(error)}</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={retry}>
                <RotateCcw aria-hidden="true" className="size-4" />
                {m.retry}
              </Button>
            </Alert>
          </div>
        ) : pdf.status === 'ready' && zoom !== null ? (
          <PdfPageCanvas
            doc={pdf.doc}
            pageNumber={page}
            scale={zoom}
            rotation={view.rotation}
            label={t.pageImage(page, total)}
            className="m-auto"
            onRendered={() => setRenderError(null)}
            onError={setRenderError}
          />
        ) : (
          <LoadingState label={t.loadingPdf} showLabel />
        )}
      </div>
    </section>
  );
}
