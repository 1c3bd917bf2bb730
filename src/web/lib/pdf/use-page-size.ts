import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import type { PageSize } from '#web/lib/placement.ts';

/**
 * A page's size in points as displayed: pdf.js's viewport at scale 1 (its CropBox, turned by its
 * /Rotate), the same frame the server reads placements in. Null while it is read or without a document.
 */
export function usePageSize(doc: PDFDocumentProxy | null, pageNumber: number): PageSize | null {
  const [found, setFound] = useState<{ doc: PDFDocumentProxy; page: number; size: PageSize } | null>(null);
  useEffect(() => {
    if (!doc) return;
    let live = true;
    doc.getPage(pageNumber).then(
      (page) => {
        const { width, height } = page.getViewport({ scale: 1 });
        if (live) setFound({ doc, page: pageNumber, size: { width, height } });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [doc, pageNumber]);
  return found && found.doc === doc && found.page === pageNumber ? found.size : null;
}
