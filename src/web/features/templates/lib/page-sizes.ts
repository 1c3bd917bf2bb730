import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import type { PageSize } from '#web/lib/placement.ts';

/**
 * The sizes in points, as displayed, of the given pages (those a template's fields are on), read
 * once the file is open; null until then. A page the file lacks is left out.
 */
export function usePageSizes(
  doc: PDFDocumentProxy | null,
  pages: number[],
): ReadonlyMap<number, PageSize> | null {
  const wanted = [...new Set(pages)].sort((a, b) => a - b).join(',');
  const [found, setFound] = useState<{
    doc: PDFDocumentProxy;
    wanted: string;
    sizes: Map<number, PageSize>;
  } | null>(null);
  useEffect(() => {
    if (!doc) return;
    let live = true;
    const list = wanted ? wanted.split(',').map(Number) : [];
    void Promise.all(
      list.map((n) =>
        n >= 1 && n <= doc.numPages
          ? doc.getPage(n).then(
              (page) => {
                const { width, height } = page.getViewport({ scale: 1 });
                return [n, { width, height }] as const;
              },
              () => null,
            )
          : Promise.resolve(null),
      ),
    ).then((entries) => {
      if (live) setFound({ doc, wanted, sizes: new Map(entries.filter((e) => e !== null)) });
    });
    return () => {
      live = false;
    };
  }, [doc, wanted]);
  return found && found.doc === doc && found.wanted === wanted ? found.sizes : null;
}
