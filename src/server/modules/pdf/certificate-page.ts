import { ops, PdfArray, PdfNumber, type PDF, type PDFPage, type PdfDict } from '@libpdf/core';
import { leadingBytes } from '#shared/documents/byte-span.ts';
import { appendContent } from './content.ts';
import { pageGeometry } from './page-geometry.ts';
import { printedLink, qrModules } from './stamp.ts';
import type { PdfText } from './pdf-text.ts';
import { fitLine, wrapLines, type Line, type Operator } from './text.ts';

export interface CertificateInfo {
  documentName: string;
  reference: string;
  verifyUrl: string;
  /** Where "Check a document" lives, for the whole-file hash. */
  checkUrl: string;
  signedAt: string;
  originalSha256: string;
  originalLength: number;
  /** Whether the original bytes are an unchanged prefix of the signed file. */
  originalIsPrefix: boolean;
  stampedSha256: string;
  stampedLength: number;
  signers: { name: string; signatureReference: string; pages: number[] }[];
  certificateSubject: string;
}

const A4 = { width: 595.28, height: 841.89 };
/** Below this the page's text would not fit; larger papers (Legal, A3) only get more margin. */
const MIN_PAPER = { width: 540, height: 720 };
const M = 56;
type Colour = [number, number, number];
const ink: Colour = [0.1, 0.1, 0.15];
const muted: Colour = [0.35, 0.35, 0.42];

/**
 * Adds a page as the last kid of the root /Pages node, leaving every other page object alone.
 * 0.4.2's addPage first "flattens" the tree: it sets /Parent on every page, even where it is
 * already the root, so the signed revision rewrote every page object (about 230 bytes and an xref
 * line each: 1.2 MB for 5,000 pages), and pages under an intermediate node lost what they
 * inherited from it (/Rotate, /MediaBox, /Resources). Marking the tree as flattened makes addPage
 * append to the root's /Kids, whose /Count counts every leaf below it. An indirect /Kids array is
 * left to the library's own path (it replaces it with a direct one).
 */
export function appendPage(pdf: PDF, width: number, height: number): PDFPage {
  const tree = pdf.context.pages as unknown as { flattened?: boolean; root?: PdfDict };
  if (typeof tree.flattened === 'boolean' && tree.root?.getArray('Kids')) tree.flattened = true;
  const page = pdf.addPage({ width, height });
  // The page tree may pass /Rotate or a CropBox down to new pages: ours stand upright, whole.
  page.dict.set('Rotate', PdfNumber.of(0));
  page.dict.set('CropBox', new PdfArray([0, 0, width, height].map((v) => PdfNumber.of(v))));
  return page;
}

/**
 * The paper of the document's last page as displayed, upright (a Letter file gets a Letter
 * certificate); A4 when that page is too small for the certificate or absurdly large.
 */
function paperOf(pdf: PDF): { width: number; height: number } {
  const last = pdf.getPage(pdf.getPageCount() - 1);
  if (!last) return A4;
  const g = pageGeometry(pdf, last);
  const width = Math.min(g.width, g.height);
  const height = Math.max(g.width, g.height);
  if (width < MIN_PAPER.width || height < MIN_PAPER.height || height > 14_400) return A4;
  return { width, height };
}

/**
 * The last page: what was signed, by whom, when, and how to check it. The file's own hash cannot
 * be printed inside the file, so the page states the two hashes that are true of its prefixes and
 * points to the server for the whole file.
 */
export function addCertificatePage(pdf: PDF, writer: PdfText, info: CertificateInfo): PDFPage {
  const { width: W, height: H } = paperOf(pdf);
  const page = appendPage(pdf, W, H);
  let y = H - M;
  const out: Operator[] = [ops.pushGraphicsState(), ops.beginText()];
  const put = (line: Line, size: number, color: Colour) => {
    out.push(ops.setNonStrokingRGB(...color), ops.setTextMatrix(1, 0, 0, 1, M, y));
    out.push(...writer.show(page, line, size));
  };
  const text = (
    s: string,
    o: { size?: number; bold?: boolean; mono?: boolean; color?: Colour; gap?: number } = {},
  ) => {
    const size = o.size ?? 10;
    put(fitLine(s, o.mono ? 'mono' : o.bold ? 'bold' : 'regular', size, W - 2 * M), size, o.color ?? ink);
    y -= o.gap ?? size * 1.45;
  };
  const para = (s: string, size = 8.5) => {
    const lineHeight = size * 1.35;
    const lines = wrapLines(s, 'regular', size, W - 2 * M);
    for (const line of lines) {
      put(line, size, muted);
      y -= lineHeight;
    }
    y -= 6;
  };

  text('Signing certificate', { size: 20, bold: true, gap: 30 });
  text('Document', { size: 9, color: muted, gap: 13 });
  text(info.documentName, { size: 12, bold: true, gap: 22 });
  text('Reference', { size: 9, color: muted, gap: 13 });
  text(info.reference, { size: 12, bold: true, gap: 22 });
  text('Signed (UTC)', { size: 9, color: muted, gap: 13 });
  text(info.signedAt, { size: 11, gap: 24 });

  text('Signers', { size: 12, bold: true, gap: 17 });
  for (const s of info.signers.slice(0, 12)) {
    const pages = s.pages.length === 1 ? `page ${s.pages[0]}` : `pages ${s.pages.join(', ')}`;
    text(`${s.name}  -  signature ${s.signatureReference}  -  ${pages}`, { size: 10, gap: 14 });
  }
  if (info.signers.length > 12) text(`and ${info.signers.length - 12} more`, { size: 10, gap: 14 });
  y -= 10;

  text('Fingerprints (SHA-256)', { size: 12, bold: true, gap: 17 });
  text(
    info.originalIsPrefix
      ? `Original document, as uploaded (${leadingBytes(info.originalLength)} of this file):`
      : `Original document, as uploaded (${info.originalLength} bytes):`,
    { size: 9, color: muted, gap: 12 },
  );
  text(info.originalSha256, { size: 9, mono: true, gap: 17 });
  text(`Signed pages, before this certificate (${leadingBytes(info.stampedLength)} of this file):`, {
    size: 9,
    color: muted,
    gap: 12,
  });
  text(info.stampedSha256, { size: 9, mono: true, gap: 17 });
  para(
    'A file cannot contain its own fingerprint, so the SHA-256 of this complete file is not printed here. ' +
      'Inkproof recorded it when the document was signed: choose "Check a document" at the address below ' +
      'and it answers with this reference if the file is unchanged. Later changes also show in any PDF ' +
      "reader's signature panel.",
  );
  y -= 4;
  text('Digital signature', { size: 12, bold: true, gap: 17 });
  para(
    `This file carries a PAdES (CAdES detached, SHA-256) digital signature by "${info.certificateSubject}". ` +
      'It covers every byte of the file except the signature value itself, this certificate page included.',
  );
  y -= 4;
  text('Verify', { size: 12, bold: true, gap: 17 });
  text(printedLink(info.verifyUrl), { size: 9, gap: 13 });
  text(`Check a document: ${info.checkUrl}`, { size: 9, gap: 13 });

  const side = 96;
  const modules = qrModules(info.verifyUrl, W - M - side, H - M - side + 8, side, 0, true);
  appendContent(pdf, page, [
    ...out,
    ops.endText(),
    ops.popGraphicsState(),
    ops.pushGraphicsState(),
    ops.setNonStrokingGray(0),
    ...modules,
    ops.fill(),
    ops.popGraphicsState(),
  ]);
  return page;
}
