import { ops, type PDF, type PDFPage } from '@libpdf/core';
import { leadingBytes } from '#shared/documents/byte-span.ts';
import { auditEventLabels } from '#shared/requests/messages.ts';
import type { AuditEventKind } from '#shared/requests/schemas.ts';
import { appendPage } from './certificate-page.ts';
import { appendContent } from './content.ts';
import type { PdfText } from './pdf-text.ts';
import { printedLink, qrModules } from './stamp.ts';
import { fitLine, layoutLine, wrapLines, type Line, type Operator, type TextStyle } from './text.ts';

export interface AuditEvent {
  /** ISO 8601; printed in UTC to the second. */
  at: string;
  /** One of AuditEventKind; another word is printed as it is. */
  kind: string;
  /** Who: "Ann Lee <ann@example.com>", "Owner", "System". */
  actor: string;
  ip: string | null;
  userAgent: string | null;
  /** e.g. a decline reason, or to whom a mail went. */
  detail?: string | null;
}

export interface AuditRevision {
  sha256: string;
  /** The first `length` bytes of the final file are this revision. */
  length: number;
  /** e.g. "Signed by Ann Lee" */
  label: string;
}

export interface AuditTrail {
  documentName: string;
  /** Printed as given. */
  requestId: string;
  /** The document's reference (DOC-…), printed with its verification address. */
  reference: string;
  /** The document's public verification page: printed and as a QR code. */
  verifyUrl: string;
  /** Where "Check a document" lives. */
  checkUrl: string;
  /** Every event of the request, in order. */
  events: AuditEvent[];
  original: { sha256: string; length: number };
  /** One per finished signer, in order; each is a prefix of the file, the last is the file itself. */
  revisions: AuditRevision[];
  /** Who the seal is by, as the certificate names it. */
  certificateSubject: string;
  /** Time of the seal (ms since the epoch), printed as the completion time. */
  signingTime: number;
}

const label = (kind: string) => auditEventLabels[kind as AuditEventKind] ?? kind;

/** Free text from browsers and users is cut here: the page is a record, not a dump. */
const MAX_AGENT = 300;
const MAX_DETAIL = 500;

type Colour = [number, number, number];
const INK: Colour = [0.1, 0.1, 0.15];
const MUTED: Colour = [0.35, 0.35, 0.42];
const QR_SIDE = 80;
const FOOTER = 18;

export const utcSeconds = (iso: string | number) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : `${d.toISOString().slice(0, 19).replace('T', ' ')}`;
};

/**
 * Where the next line goes, page after page. Pages take the size of the document's first page
 * (within sane bounds: a receipt-sized first page would not hold a line of hashes).
 */
class Flow {
  readonly pages: { page: PDFPage; out: Operator[] }[] = [];
  readonly width: number;
  readonly height: number;
  readonly margin: number;
  y = 0;

  constructor(
    private readonly pdf: PDF,
    private readonly writer: PdfText,
    size: { width: number; height: number },
  ) {
    this.width = Math.min(1440, Math.max(420, size.width));
    this.height = Math.min(1440, Math.max(420, size.height));
    this.margin = Math.min(48, this.width * 0.08);
    this.newPage();
  }

  get contentWidth() {
    return this.width - 2 * this.margin;
  }

  newPage() {
    this.pages.push({ page: appendPage(this.pdf, this.width, this.height), out: [] });
    this.y = this.height - this.margin;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  room(height: number) {
    if (this.y - height < this.margin + FOOTER) this.newPage();
  }

  put(line: Line, x: number, size: number, colour: Colour, y = this.y, on = this.pages.at(-1)!) {
    const { page, out } = on;
    out.push(ops.beginText(), ops.setNonStrokingRGB(...colour), ops.setTextMatrix(1, 0, 0, 1, x, y));
    out.push(...this.writer.show(page, line, size), ops.endText());
  }

  /** One line cut to fit, then down by `gap`. */
  text(
    s: string,
    o: { size?: number; style?: TextStyle; colour?: Colour; gap?: number; x?: number; max?: number },
  ) {
    const size = o.size ?? 9;
    const x = this.margin + (o.x ?? 0);
    const line = fitLine(s, o.style ?? 'regular', size, o.max ?? this.contentWidth - (o.x ?? 0));
    this.room(size * 1.3);
    this.put(line, x, size, o.colour ?? INK);
    this.y -= o.gap ?? size * 1.45;
  }

  /** Wrapped lines (long words cut), each on the page that has room for it. */
  para(s: string, o: { size?: number; colour?: Colour; x?: number } = {}) {
    const size = o.size ?? 8.5;
    const x = o.x ?? 0;
    for (const line of wrapLines(s, 'regular', size, this.contentWidth - x, true)) {
      this.room(size * 1.35);
      this.put(line, this.margin + x, size, o.colour ?? MUTED);
      this.y -= size * 1.35;
    }
  }

  draw(operators: Operator[]) {
    this.pages.at(-1)!.out.push(...operators);
  }
}

function eventRows(flow: Flow, events: AuditEvent[]) {
  const kindX = 96;
  // The event column as wide as its longest label (a caller's labels may be longer than ours).
  const widest = Math.max(...events.map((e) => layoutLine(label(e.kind), 'bold').width * 8.5), 40);
  const actorX = kindX + Math.min(140, widest) + 10;
  const heading = (s: string, x: number) => flow.put(fitLine(s, 'bold', 8, 90), flow.margin + x, 8, MUTED);
  const columns = () => {
    heading('Time (UTC)', 0);
    heading('Event', kindX);
    heading('Actor', actorX);
    flow.y -= 13;
  };
  flow.room(40);
  columns();
  for (const e of events) {
    const agent = (e.userAgent ?? '').slice(0, MAX_AGENT);
    const where = `IP ${e.ip || 'not recorded'}  ·  ${agent || 'no user agent'}`;
    const lines = wrapLines(where, 'regular', 7.5, flow.contentWidth - kindX, true);
    const detail = e.detail
      ? wrapLines(e.detail.slice(0, MAX_DETAIL), 'regular', 7.5, flow.contentWidth - kindX, true)
      : [];
    const height = 12 + (lines.length + detail.length) * 9.5 + 5;
    if (flow.y - height < flow.margin + FOOTER) {
      flow.newPage();
      columns();
    }
    flow.put(fitLine(utcSeconds(e.at), 'regular', 8.5, kindX - 6), flow.margin, 8.5, INK);
    flow.put(fitLine(label(e.kind), 'bold', 8.5, actorX - kindX - 6), flow.margin + kindX, 8.5, INK);
    flow.put(fitLine(e.actor, 'regular', 8.5, flow.contentWidth - actorX), flow.margin + actorX, 8.5, INK);
    flow.y -= 11;
    for (const line of [...detail, ...lines]) {
      flow.put(line, flow.margin + kindX, 7.5, MUTED);
      flow.y -= 9.5;
    }
    flow.y -= 5;
  }
}

/**
 * The audit trail after the signed pages: every event of the request in order, the SHA-256 of the
 * original and of each signer's revision (each a prefix of the file), and how to check the seal.
 * Returns how many pages it added.
 */
export function addAuditPages(
  pdf: PDF,
  writer: PdfText,
  size: { width: number; height: number },
  t: AuditTrail,
): number {
  const flow = new Flow(pdf, writer, size);
  const beside = flow.contentWidth - QR_SIDE - 12;
  flow.draw([
    ops.pushGraphicsState(),
    ops.setNonStrokingGray(0),
    ...qrModules(t.verifyUrl, flow.width - flow.margin - QR_SIDE, flow.y - QR_SIDE + 8, QR_SIDE, 0, true),
    ops.fill(),
    ops.popGraphicsState(),
  ]);
  flow.text('Audit trail', { size: 20, style: 'bold', gap: 28, max: beside });
  flow.text('Document', { size: 9, colour: MUTED, gap: 13, max: beside });
  flow.text(t.documentName, { size: 12, style: 'bold', gap: 19, max: beside });
  flow.text(`Signing request ${t.requestId}  ·  reference ${t.reference}`, { size: 9, gap: 13, max: beside });
  flow.text(`Completed ${utcSeconds(t.signingTime)} UTC`, { size: 9, gap: 24, max: beside });

  flow.text('Events', { size: 12, style: 'bold', gap: 16 });
  eventRows(flow, t.events);
  flow.y -= 8;

  flow.room(60);
  flow.text('Fingerprints (SHA-256)', { size: 12, style: 'bold', gap: 16 });
  const rows = [
    { label: 'Original document, as uploaded', ...t.original },
    ...t.revisions.map((r, i) => ({ ...r, label: `Revision ${i + 1}: ${r.label}` })),
  ];
  for (const r of rows) {
    flow.room(26);
    flow.text(`${r.label} (${leadingBytes(r.length)} of this file):`, { size: 8.5, colour: MUTED, gap: 11 });
    flow.text(r.sha256.toLowerCase(), { size: 8.5, style: 'mono', gap: 15 });
  }
  flow.para(
    'Each revision is an unchanged prefix of this file: cut the file after the stated byte and the ' +
      'SHA-256 of that part is the one printed. "Check a document" at the address below recognises ' +
      'the original, every revision and the complete file, whose own fingerprint a file cannot contain.',
  );
  flow.y -= 8;
  flow.room(40);
  flow.text('Digital signature', { size: 12, style: 'bold', gap: 16 });
  flow.para(
    `This file carries a PAdES (CAdES detached, SHA-256) digital signature by "${t.certificateSubject}". ` +
      'It covers every byte of the file except the signature value itself, these audit pages included.',
  );
  flow.y -= 8;
  flow.room(40);
  flow.text('Verify', { size: 12, style: 'bold', gap: 16 });
  flow.text(printedLink(t.verifyUrl), { size: 9, gap: 13 });
  flow.text(`Check a document: ${t.checkUrl}`, { size: 9, gap: 13 });

  const total = flow.pages.length;
  flow.pages.forEach((on, i) => {
    const footer = `Audit trail of signing request ${t.requestId}  ·  page ${i + 1} of ${total}`;
    flow.put(fitLine(footer, 'regular', 7, flow.contentWidth), flow.margin, 7, MUTED, flow.margin, on);
    appendContent(pdf, on.page, [ops.pushGraphicsState(), ...on.out, ops.popGraphicsState()]);
  });
  return total;
}
