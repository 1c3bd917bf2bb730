import zlib from 'node:zlib';
import { PdfArray, PdfName, PdfRef, type PDF, type PDFPage } from '@libpdf/core';
import type { Operator } from './text.ts';

const NEWLINE = new Uint8Array([10]);

/**
 * Appends drawing to a page as one content stream compressed by node's zlib: `page.drawOperators`
 * leaves the stream to the library's save, which deflates it in JavaScript (pako), several ms for
 * the QR codes of a signing. As that method does, the page's own content is wrapped in q/Q first,
 * so a transformation it leaves in place cannot move what we draw.
 */
export function appendContent(pdf: PDF, page: PDFPage, operators: Operator[]) {
  const parts: Uint8Array[] = [];
  for (const op of operators) parts.push(NEWLINE, op.toBytes());
  const ours = pdf.createStream(
    { Filter: PdfName.of('FlateDecode') },
    zlib.deflateSync(Buffer.concat(parts)),
  );
  const existing = page.dict.get('Contents');
  if (!existing) {
    page.dict.set('Contents', ours);
    return;
  }
  const resolved = existing instanceof PdfRef ? pdf.getObject(existing) : existing;
  const own = resolved instanceof PdfArray ? [...resolved] : [existing];
  const push = pdf.createStream({}, new TextEncoder().encode('q\n'));
  const pop = pdf.createStream({}, new TextEncoder().encode('\nQ'));
  page.dict.set('Contents', new PdfArray([push, ...own, pop, ours]));
}
