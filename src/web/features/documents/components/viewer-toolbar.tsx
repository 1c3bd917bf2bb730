import { ChevronLeft, ChevronRight, Download, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { VIEWER_ZOOM } from '../lib/viewer-zoom.ts';
import { documentsText as t } from '../messages.ts';

interface ViewerToolbarProps {
  page: number;
  total: number;
  zoom: number;
  disabled: boolean;
  /** id of the page region the buttons act on */
  controls: string;
  onPage: (page: number) => void;
  onZoom: (direction: 1 | -1) => void;
  onRotate: () => void;
  onDownload: () => void;
}

function ToolButton(props: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  controls?: string;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-controls={props.controls}
      disabled={props.disabled}
      onClick={props.onClick}
      className="grid size-9 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-ink-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
    >
      {props.children}
    </button>
  );
}

const icon = 'size-5';

/** Previous and next page, 'page / total', zoom out and in, rotate, download. */
export function ViewerToolbar(p: ViewerToolbarProps) {
  return (
    <div
      role="toolbar"
      aria-label={t.viewerToolbar}
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-2 py-1.5"
    >
      <div className="flex items-center gap-1">
        <ToolButton
          label={t.previousPage}
          controls={p.controls}
          disabled={p.disabled || p.page <= 1}
          onClick={() => p.onPage(p.page - 1)}
        >
          <ChevronLeft aria-hidden="true" className={icon} />
        </ToolButton>
        <span
          className="min-w-16 text-center text-sm text-slate-800 tabular-nums"
          aria-live="polite"
          data-testid="page-indicator"
        >
          <span className="sr-only">{t.pageWord} </span>
          {p.total ? `${p.page} / ${p.total}` : '– / –'}
        </span>
        <ToolButton
          label={t.nextPage}
          controls={p.controls}
          disabled={p.disabled || p.page >= p.total}
          onClick={() => p.onPage(p.page + 1)}
        >
          <ChevronRight aria-hidden="true" className={icon} />
        </ToolButton>
      </div>
      <div className="flex items-center gap-1">
        <ToolButton
          label={t.zoomOut}
          controls={p.controls}
          disabled={p.disabled || p.zoom <= VIEWER_ZOOM.min}
          onClick={() => p.onZoom(-1)}
        >
          <ZoomOut aria-hidden="true" className={icon} />
        </ToolButton>
        <span className="min-w-12 text-center text-sm text-slate-800 tabular-nums" data-testid="zoom-level">
          <span className="sr-only">{t.zoomWord} </span>
          {Math.round(p.zoom * 100)}%
        </span>
        <ToolButton
          label={t.zoomIn}
          controls={p.controls}
          disabled={p.disabled || p.zoom >= VIEWER_ZOOM.max}
          onClick={() => p.onZoom(1)}
        >
          <ZoomIn aria-hidden="true" className={icon} />
        </ToolButton>
        <ToolButton label={t.rotate} controls={p.controls} disabled={p.disabled} onClick={p.onRotate}>
          <RotateCw aria-hidden="true" className={icon} />
        </ToolButton>
        <ToolButton label={t.downloadPdf} disabled={p.disabled} onClick={p.onDownload}>
          <Download aria-hidden="true" className={icon} />
        </ToolButton>
      </div>
    </div>
  );
}
