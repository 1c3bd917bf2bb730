import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js, loaded only where a PDF is shown. Everything it needs is bundled and served by the app
 * (no CDN): the worker, and the standard fonts used by PDFs that do not embed theirs.
 */

// Bundled as separate assets; each is fetched only when a PDF asks for that font.
const standardFonts = import.meta.glob<string>('/node_modules/pdfjs-dist/standard_fonts/*.{pfb,ttf}', {
  query: '?url',
  import: 'default',
  eager: true,
});
const fontUrls = new Map(Object.entries(standardFonts).map(([path, url]) => [path.split('/').pop()!, url]));

/** Hands pdf.js the bundled font files by name; CMaps and WebAssembly decoders are not bundled. */
class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'standardFontDataUrl' ? fontUrls.get(filename) : undefined;
    if (!url) throw new Error(`No bundled ${kind} file ${filename}`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Could not load ${filename}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

let loaded: Promise<typeof import('pdfjs-dist')> | null = null;

function pdfjs() {
  loaded ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    return lib;
  });
  return loaded;
}

/**
 * Opens PDF bytes. isEvalSupported: false keeps pdf.js from compiling fonts with `new Function`,
 * which the CSP (script-src 'self') refuses; fonts load through the FontFace API, not <style>.
 */
export async function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data,
    isEvalSupported: false,
    useWorkerFetch: false,
    useWasm: false,
    enableXfa: false,
    BinaryDataFactory: BundledDataFactory,
    standardFontDataUrl: '/',
  } as Parameters<typeof lib.getDocument>[0]);
  return task.promise;
}

/** True when pdf.js stopped a render because a newer one replaced it. */
export const isRenderCancelled = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'RenderingCancelledException';
