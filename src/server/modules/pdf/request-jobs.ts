import crypto from 'node:crypto';
import { ops, type PDFImage, type PDFPage } from '@libpdf/core';
import type { ActiveContentKind } from '#shared/documents/schemas.ts';
import { scanActiveContent } from './active-content.ts';
import { addAuditPages, type AuditEvent, type AuditRevision, type AuditTrail } from './audit-page.ts';
import { embedRaster, type RasterImage } from './image.ts';
import { appendContent } from './content.ts';
import { byteRangeCoversFile, seal, type Refusal, type SealOptions } from './jobs.ts';
import { RevisionWriter } from './revision.ts';
import { isParseError, openPdf } from './open.ts';
import { checkPlacements, pageGeometry, type DisplayRect } from './page-geometry.ts';
import { PdfText } from './pdf-text.ts';
import {
  checkOperators,
  fieldProblem,
  fitFieldText,
  textOperators,
  type FieldProblem,
  type FittedText,
  type RecipientField,
} from './request-fields.ts';
import { stampLayout } from '#shared/documents/stamp-layout.ts';
import { imageOperators, ownResources, signatureOperators } from './stamp.ts';
import type { Operator } from './text.ts';

/** Pool operations of signing requests: one revision per signer, then the sealed end. */

export type { AuditEvent, AuditRevision, RecipientField };

/**
 * A revision as stored: its base (the original for the first signer) then what each signer
 * after it appended, in order. Joined here, in the worker, so the event loop never copies it.
 */
export type StoredRevision = Uint8Array[];

function joined(file: StoredRevision): Uint8Array {
  if (file.length === 1) return file[0]!;
  const out = Buffer.allocUnsafeSlow(file.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of file) {
    out.set(part, at);
    at += part.length;
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

export interface StampRecipientInput {
  /** The current revision: the original for the first signer, else the last signer's result. */
  file: StoredRevision;
  /** Pictures of signature and initials fields, as the image pool gives them. */
  images: RasterImage[];
  fields: RecipientField[];
  /** Printed on each of this signer's verification stamps. */
  signerName: string;
  /** e.g. "2025-04-14 10:00 UTC" */
  signedAt: string;
}

/** A new revision: the input bytes, unchanged, then what the operation appended. */
export interface Revision {
  bytes: Uint8Array;
  sha256: string;
  length: number;
  pageCount: number;
}

export type StampRecipientResult =
  | (Revision & {
      kind: 'ok';
      /**
       * The input's length: `bytes` is the input unchanged up to here, then this signer's
       * increment, which is all that needs storing (with its own SHA-256, `appendedSha256`).
       */
      base: number;
      /** SHA-256 of the input as joined: what the caller checks its stored parts against. */
      baseSha256: string;
      appendedSha256: string;
      /** Where each signature field's QR code went, inside the field (display coordinates). */
      stamps: { field: number; page: number; rect: DisplayRect }[];
      /** Active content this revision no longer references. */
      removed: ActiveContentKind[];
    })
  | { kind: 'no-page'; field: number; pageCount: number }
  | { kind: 'outside'; field: number; width: number; height: number }
  | { kind: 'bad-field'; field: number; reason: FieldProblem; characters?: string[] }
  | { kind: 'too-many-fields'; max: number }
  | Refusal;

export const MAX_RECIPIENT_FIELDS = 500;

/** Parse errors past opening (a broken object on a page we touch) are a refusal, not a crash. */
async function refuseBroken<T>(work: () => Promise<T>): Promise<T | { kind: 'damaged' }> {
  try {
    return await work();
  } catch (err) {
    if (isParseError(err)) return { kind: 'damaged' };
    throw err;
  }
}

export type PageSizesResult = { kind: 'ok'; pages: { width: number; height: number }[] } | Refusal;

/** Every page's size as displayed (points, after /Rotate), in order: fields are checked against it. */
export const pageSizes = (pdf: Uint8Array): Promise<PageSizesResult> =>
  refuseBroken(async () => {
    const opened = await openPdf(pdf);
    if (opened.kind !== 'ok') return opened;
    const doc = opened.pdf;
    return {
      kind: 'ok',
      pages: doc.getPages().map((page) => {
        const g = pageGeometry(doc, page);
        return { width: g.width, height: g.height };
      }),
    };
  });

export const stampRecipient = (input: StampRecipientInput): Promise<StampRecipientResult> =>
  refuseBroken(() => stampOpened(input));

async function stampOpened(input: StampRecipientInput): Promise<StampRecipientResult> {
  if (input.fields.length > MAX_RECIPIENT_FIELDS)
    return { kind: 'too-many-fields', max: MAX_RECIPIENT_FIELDS };
  for (const [field, f] of input.fields.entries()) {
    const problem = fieldProblem(f, input.images);
    if (problem) return { kind: 'bad-field', field, ...problem };
  }
  const base = joined(input.file);
  const opened = await openPdf(base);
  if (opened.kind !== 'ok') return opened;
  const pdf = opened.pdf;

  const placed = checkPlacements(pdf, input.fields);
  if (placed.kind !== 'ok') {
    const { index, ...rest } = placed;
    return { ...rest, field: index };
  }
  const geometry = placed.geometry;
  const fitted = new Map<number, FittedText>();
  for (const [field, f] of input.fields.entries()) {
    if ((f.kind !== 'name' && f.kind !== 'date' && f.kind !== 'text') || !f.text.trim()) continue;
    const fit = fitFieldText(f.text, f.rect, f.kind === 'text');
    if (!fit) return { kind: 'bad-field', field, reason: 'text-does-not-fit' };
    fitted.set(field, fit);
  }

  const writer = new PdfText(pdf);
  const images = new Map<number, PDFImage>();
  const pages = new Map<number, { page: PDFPage; operators: Operator[] }>();
  const stamps: { field: number; page: number; rect: DisplayRect }[] = [];
  for (const [field, f] of input.fields.entries()) {
    let page = pages.get(f.page);
    if (!page) {
      page = { page: pdf.getPage(f.page - 1)!, operators: [] };
      ownResources(pdf, page.page);
      pages.set(f.page, page);
    }
    const out = page.operators;
    if (f.kind === 'signature' || f.kind === 'initials') {
      let image = images.get(f.image);
      if (!image) images.set(f.image, (image = embedRaster(pdf, input.images[f.image]!)));
      if (f.kind === 'signature') {
        const text = { ...f.verification, signedAt: input.signedAt, signer: input.signerName };
        out.push(...signatureOperators(writer, page.page, image, f.rect, text));
        stamps.push({ field, page: f.page, rect: stampLayout(f.rect).qr });
      } else out.push(...imageOperators(page.page, image, f.rect));
    } else if (f.kind === 'checkbox') {
      if (f.checked) out.push(...checkOperators(f.rect));
    } else if (fitted.has(field)) {
      out.push(...textOperators(writer, page.page, f.text, fitted.get(field)!, f.rect));
    }
  }
  for (const [n, { page, operators }] of pages) {
    // Everything above is in display coordinates; one `cm` per page turns them into user space.
    const toUser = ops.concatMatrix(...geometry.get(n)!.toUser);
    appendContent(pdf, page, [ops.pushGraphicsState(), toUser, ...operators, ops.popGraphicsState()]);
  }
  const removed = scanActiveContent(pdf, true);
  if (!removed.complete) return { kind: 'too-complex' };
  writer.finalize();
  const revisions = new RevisionWriter(pdf, base);
  const baseSha256 = revisions.sha256();
  revisions.commit();
  const bytes = revisions.bytes();
  return {
    kind: 'ok',
    bytes,
    sha256: revisions.sha256(),
    length: bytes.length,
    base: base.length,
    baseSha256,
    appendedSha256: crypto.createHash('sha256').update(bytes.subarray(base.length)).digest('hex'),
    pageCount: pdf.getPageCount(),
    stamps,
    removed: removed.kinds,
  };
}

export interface CompleteRequestInput extends SealOptions, AuditTrail {
  /** The last signer's revision. */
  file: StoredRevision;
}

export type CompleteRequestResult =
  /** 1-based numbers of the audit-trail pages. */
  | (Revision & { kind: 'ok'; auditPages: number[] })
  /** A stated hash or length is not true of `file` (-1: the original; else the revision's index). */
  | { kind: 'revision-mismatch'; index: number }
  | { kind: 'too-many-events'; max: number }
  | Refusal;

export const MAX_AUDIT_EVENTS = 10_000;

export const completeRequest = (input: CompleteRequestInput): Promise<CompleteRequestResult> =>
  refuseBroken(() => completeOpened(input));

async function completeOpened(input: CompleteRequestInput): Promise<CompleteRequestResult> {
  if (input.events.length > MAX_AUDIT_EVENTS) return { kind: 'too-many-events', max: MAX_AUDIT_EVENTS };
  // The page prints these hashes as facts about this file's prefixes: check them first, in one pass.
  const file = joined(input.file);
  const hash = crypto.createHash('sha256');
  const stated = [input.original, ...input.revisions];
  let at = 0;
  for (const [i, s] of stated.entries()) {
    const last = i === stated.length - 1;
    if (s.length < at || s.length > file.length || (last && s.length !== file.length))
      return { kind: 'revision-mismatch', index: i - 1 };
    hash.update(file.subarray(at, s.length));
    at = s.length;
    if (hash.copy().digest('hex') !== s.sha256.toLowerCase())
      return { kind: 'revision-mismatch', index: i - 1 };
  }

  const opened = await openPdf(file);
  if (opened.kind !== 'ok') return opened;
  const pdf = opened.pdf;
  const pageCount = pdf.getPageCount();
  const first = pageGeometry(pdf, pdf.getPage(0)!);
  const writer = new PdfText(pdf);
  const added = addAuditPages(pdf, writer, { width: first.width, height: first.height }, input);
  writer.finalize();
  // The check above hashed the file: the revision writer carries on from there.
  const revisions = new RevisionWriter(pdf, file, hash);
  await seal(revisions, input);
  const bytes = revisions.bytes();
  if (!byteRangeCoversFile(bytes, file.length))
    throw new Error('the signature does not cover the whole file');
  return {
    kind: 'ok',
    bytes,
    sha256: revisions.sha256(),
    length: bytes.length,
    pageCount: pageCount + added,
    auditPages: Array.from({ length: added }, (_, i) => pageCount + i + 1),
  };
}
