import type { ActiveContentKind } from '#shared/documents/schemas.ts';
import type { AuditEventKind } from '#shared/requests/schemas.ts';
import type { Refusal } from '../pdf/jobs.ts';
import type { RasterImage } from '../pdf/image.ts';
import type { DisplayRect } from '../pdf/page-geometry.ts';

/**
 * What the signing-request module hands to the PDF worker pool and gets back (issue 12), the
 * shapes agreed with the PDF side (its src/server/modules/pdf/request-jobs.ts; at the merge these
 * become imports from there). Plain data only, so it crosses worker_threads unchanged.
 * Coordinates: points of the page as displayed (CropBox after /Rotate), origin top-left, y down;
 * pages 1-based: the convention of the owner's placements.
 */

/** `app.pdf.run('pageSizes', bytes)`: every page's displayed size, to refuse a field off its page. */
export type PageSizesResult = { kind: 'ok'; pages: { width: number; height: number }[] } | Refusal;

export type StampFieldValue =
  /** Its own QR stamp beside the field, encoding verifyUrl, printing the reference. */
  | { kind: 'signature'; image: number; verification: { reference: string; verifyUrl: string } }
  | { kind: 'initials'; image: number }
  /** The caller formats name and date; '' draws nothing. */
  | { kind: 'name' | 'date' | 'text'; text: string }
  | { kind: 'checkbox'; checked: boolean };

export type StampField = StampFieldValue & { page: number; rect: DisplayRect };

/** `app.pdf.run('stampRecipient', input)`: one finished recipient as one incremental update. */
export interface RecipientStampInput {
  /** The latest revision (the original before the first recipient): a byte-exact prefix of the result. */
  pdf: Uint8Array;
  /** Signature and initials pictures, from the image pool (parseSignatureImage with rasterWidth). */
  images: RasterImage[];
  fields: StampField[];
  /** Printed on each QR stamp. */
  signerName: string;
  /** e.g. "2025-04-14 10:00 UTC" (documents/views.ts printedTime). */
  signedAt: string;
  /** Where this signer's QR stamps must not go: the other recipients' fields and earlier stamps. */
  avoid?: { page: number; rect: DisplayRect }[];
}

export type RecipientStampResult =
  | {
      kind: 'ok';
      /** Not signed: the seal comes once, at completion. */
      bytes: Uint8Array;
      sha256: string;
      length: number;
      pageCount: number;
      /** Where each signature field's QR stamp went. */
      stamps: { field: number; page: number; rect: DisplayRect }[];
      /** Active content the revision no longer references (decision 019; the first revision). */
      removed: ActiveContentKind[];
    }
  | { kind: 'no-page'; field: number; pageCount: number }
  | { kind: 'outside'; field: number; width: number; height: number }
  | {
      kind: 'bad-field';
      field: number;
      reason: 'no-image' | 'unknown-glyphs' | 'text-too-long' | 'text-does-not-fit' | 'empty-rect';
      characters?: string[];
    }
  | { kind: 'too-many-fields'; max: number }
  | Refusal;

/** One line of the audit trail; the page prints auditEventLabels[kind] (#shared/requests/messages.ts). */
export interface AuditLine {
  /** ISO 8601, UTC */
  at: string;
  kind: AuditEventKind;
  actor: string;
  ip: string | null;
  userAgent: string | null;
  detail?: string;
}

/** `app.pdf.run('completeRequest', input)`: the audit-trail page(s), then one PAdES seal over the whole file. */
export interface CompletionInput {
  /** The last recipient's revision. */
  pdf: Uint8Array;
  documentName: string;
  /** Printed as is. */
  requestId: string;
  /** The document's reference (DOC-…), given at completion, and its public verification URL (a QR). */
  reference: string;
  verifyUrl: string;
  /** "Check a document": where the hash of the whole file is checked. */
  checkUrl: string;
  /** Every event in order, the completion last. */
  events: AuditLine[];
  original: { sha256: string; length: number };
  /** One per finished recipient, in the order they landed in the file; label e.g. "Signed by Ann Lee". */
  revisions: { sha256: string; length: number; label: string }[];
  certificateSubject: string;
  identity: { p12: Uint8Array; password: string };
  /** ms since the epoch */
  signingTime: number;
  reason: string;
  location: string;
}

export type CompletionResult =
  | { kind: 'ok'; bytes: Uint8Array; sha256: string; length: number; pageCount: number; auditPages: number[] }
  /** A given hash or length is not a prefix of `pdf` (-1 = the original). */
  | { kind: 'revision-mismatch'; index: number }
  /** More audit events than the trail prints (about 400 pages). */
  | { kind: 'too-many-events'; max: number }
  | Refusal;
