import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { documentMessages as m } from '#shared/documents/messages.ts';
import { apiFetch, errorMessage, readBody } from '#web/lib/api.ts';
import { openPdf } from '#web/lib/pdf/open-pdf.ts';

interface Loaded {
  key: string;
  doc: PDFDocumentProxy | null;
  bytes: Uint8Array | null;
  error: string | null;
}

export type PdfState =
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; doc: PDFDocumentProxy; bytes: Uint8Array };

/**
 * The file's bytes, fetched with the session's cookies. A refusal (4xx) says why in the server's
 * words; a server or network failure gets the spec's 'Failed to load document'.
 */
async function fetchPdf(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await apiFetch('GET', url, { signal }).catch((error: unknown) => {
    if (signal.aborted) throw error;
    throw new Error(m.loadFailed);
  });
  if (response.status >= 400 && response.status < 500)
    throw new Error(errorMessage(response, await readBody(response)));
  if (!response.ok) throw new Error(m.loadFailed);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Loads and opens a PDF; `attempt` changes to try again. The document is destroyed (its worker
 * memory freed) when the URL changes or the component goes away.
 */
export function usePdfDocument(url: string, attempt = 0): PdfState {
  const key = `${attempt}:${url}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let doc: PDFDocumentProxy | null = null;
    let live = true;
    // the body catches every failure and shows it: nothing is left to reject
    void (async () => {
      try {
        const bytes = await fetchPdf(url, controller.signal);
        // pdf.js transfers the buffer it is given to its worker: keep our own copy for downloads.
        doc = await openPdf(bytes.slice()).catch(() => {
          throw new Error(m.loadFailed);
        });
        if (!live) return void doc.destroy();
        setLoaded({ key, doc, bytes, error: null });
      } catch (error) {
        if (!live) return;
        const message = error instanceof Error && error.message ? error.message : m.loadFailed;
        setLoaded({ key, doc: null, bytes: null, error: message });
      }
    })();
    return () => {
      live = false;
      controller.abort();
      void doc?.destroy();
    };
  }, [key, url]);

  if (!loaded || loaded.key !== key) return { status: 'loading' };
  if (loaded.error !== null || !loaded.doc || !loaded.bytes)
    return { status: 'error', error: loaded.error ?? m.loadFailed };
  return { status: 'ready', doc: loaded.doc, bytes: loaded.bytes };
}
