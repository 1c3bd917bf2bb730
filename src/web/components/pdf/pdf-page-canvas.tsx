import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useEffectEvent, useRef } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { cn } from '#web/lib/cn.ts';
import { isRenderCancelled } from '#web/lib/pdf/open-pdf.ts';

/** Size of the page as drawn, in CSS pixels (points times the scale, after rotation). */
export interface DrawnSize {
  width: number;
  height: number;
}

interface PdfPageCanvasProps {
  doc: PDFDocumentProxy;
  pageNumber: number;
  /** CSS pixels per PDF point. */
  scale: number;
  /** Turn added to the page's own /Rotate, in degrees. */
  rotation?: number;
  label: string;
  className?: string;
  onRendered?: (size: DrawnSize) => void;
  onError?: (message: string) => void;
}

// Backing stores beyond this make phones drop the canvas; sharpness gives way first.
const MAX_CANVAS_PIXELS = 16_000_000;

/**
 * One page on one canvas. Each render draws into a fresh canvas and is copied over when done, so
 * the old picture stays until the new one is ready; a newer page, zoom or turn cancels the render
 * in progress, so paging through a long document never queues work.
 */
export function PdfPageCanvas(props: PdfPageCanvasProps) {
  const { doc, pageNumber, scale, rotation = 0, label, className } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendered = useEffectEvent((size: DrawnSize) => props.onRendered?.(size));
  const failed = useEffectEvent((message: string) => props.onError?.(message));

  useEffect(() => {
    let task: RenderTask | null = null;
    let live = true;
    // the body catches every failure and shows it: nothing is left to reject
    void (async () => {
      try {
        const page = await doc.getPage(pageNumber);
        if (!live) return;
        const viewport = page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
        const wanted = Math.max(window.devicePixelRatio || 1, 1);
        const ratio = Math.min(wanted, Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)));
        const offscreen = document.createElement('canvas');
        offscreen.width = Math.max(1, Math.floor(viewport.width * ratio));
        offscreen.height = Math.max(1, Math.floor(viewport.height * ratio));
        task = page.render({
          canvas: offscreen,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        await task.promise;
        const canvas = canvasRef.current;
        if (!live || !canvas) return;
        canvas.width = offscreen.width;
        canvas.height = offscreen.height;
        canvas.style.width = `${viewport.width}px`;
        canvas.style.height = `${viewport.height}px`;
        canvas.getContext('2d')?.drawImage(offscreen, 0, 0);
        rendered({ width: viewport.width, height: viewport.height });
      } catch (error) {
        if (live && !isRenderCancelled(error)) failed(m.renderFailed);
      }
    })();
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, pageNumber, scale, rotation]);

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      className={cn('block max-w-none bg-white shadow-md', className)}
    />
  );
}
