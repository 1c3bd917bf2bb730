import { z } from 'zod';
import { singleLineText } from '#shared/text.ts';
import { documentMessages as m } from './messages.ts';
import { DOCUMENT_REFERENCE_PATTERN } from './reference.ts';
import { holdsStamp, MIN_STAMP_BOX } from './stamp-layout.ts';

/** Upload limit: more than this is refused while it is still arriving. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_NAME_MAX = 200;
export const PDF_MIME = 'application/pdf';
/** Placed signature default size, in PDF points. */
export const PLACED_SIGNATURE_WIDTH = 200;
export const PLACED_SIGNATURE_HEIGHT = 100;
export const MAX_PLACED_SIGNATURES = 50;
/** Share links expire; the owner can make a new one at any time. */
export const SHARE_LINK_TTL_DAYS = 30;

/**
 * The `name` field of POST /api/documents/upload: a multipart field, so it reaches no route
 * schema and the NUL rule of every JSON field comes with the text helper.
 */
export const documentNameSchema = singleLineText(m.nameRequired)
  .min(1, m.nameRequired)
  .max(DOCUMENT_NAME_MAX, m.nameTooLong);

const coordinate = z.number().finite().min(-100_000).max(100_000);
const extent = z.number().finite().positive().max(100_000);

/**
 * Where a signature goes: points of the page as displayed (CropBox after /Rotate), origin at its
 * top-left corner, y downwards; page is 1-based.
 */
export const placementPositionSchema = z.object({
  x: coordinate,
  y: coordinate,
  width: extent,
  height: extent,
  page: z.number().int().min(1).max(1_000_000),
});
export type PlacementPosition = z.infer<typeof placementPositionSchema>;

/** POST /api/documents/{id}/sign */
export const signDocumentSchema = z.object({
  signatures: z
    .array(
      z.object({
        signatureId: z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
        // The verification stamp is printed inside the box: it must hold a readable QR code.
        position: placementPositionSchema.refine((p) => holdsStamp(p.width, p.height), {
          message: m.signatureTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height),
        }),
      }),
    )
    .min(1, m.noSignaturesPlaced)
    .max(MAX_PLACED_SIGNATURES, m.tooManySignatures),
});
export type SignDocumentInput = z.infer<typeof signDocumentSchema>;

/** POST /api/documents/check-hash: the browser hashes the file itself; only the hash travels. */
export const checkHashSchema = z.object({
  sha256: z
    .string({ error: m.hashInvalid })
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, m.hashInvalid)
    .transform((s) => s.toLowerCase()),
});

export const documentReferenceSchema = z
  .string()
  .trim()
  .regex(DOCUMENT_REFERENCE_PATTERN, m.referenceInvalid)
  .transform((s) => s.toUpperCase());

/**
 * Active content found in an upload: the original keeps it, the signed version
 * has it removed (decision 019).
 */
export const activeContentKinds = ['embedded-files', 'javascript', 'launch', 'rich-media', 'xfa'] as const;
export type ActiveContentKind = (typeof activeContentKinds)[number];

/** GET /api/documents/usage: stored bytes (originals and signed versions) against the quota. */
export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/**
 * 'shared': not signed yet, with a live share link. 'awaiting': a signing request is open (the
 * file cannot change); 'completed': every recipient of a request signed and the file is sealed.
 */
export type DocumentStatus = 'pending' | 'signed' | 'shared' | 'awaiting' | 'completed';

/** A document as its owner sees it in lists (GET /api/documents). */
export interface DocumentSummary {
  id: number;
  name: string;
  status: DocumentStatus;
  createdAt: string;
  updatedAt: string;
  originalFilename: string;
  mimeType: string;
  /** Bytes of the original upload. */
  size: number;
  pageCount: number;
  signedAt: string | null;
  /** DOC-YYYYMMDD-XXXXXXXX once signed. */
  reference: string | null;
  sha256: string;
  signedSha256: string | null;
  signedSize: number | null;
  /** Pages of the signed file: the original's and the signing certificate (a completed request's audit pages). */
  signedPageCount: number | null;
  /** Whether a live (not revoked, not expired) share link exists. */
  shared: boolean;
  shareExpiresAt: string | null;
  /** What the upload contained that runs or opens something; removed from the signed version. */
  activeContent: ActiveContentKind[];
}

export interface PlacedSignatureRecord {
  signatureId: number | null;
  signatureReference: string;
  signerName: string;
  position: PlacementPosition;
  signedAt: string;
}

/** GET /api/documents/{id} */
export interface DocumentDetail extends DocumentSummary {
  signatures: PlacedSignatureRecord[];
}

/** POST /api/documents/{id}/sign */
export interface SignDocumentResponse {
  message: string;
  document: DocumentDetail;
  /** Where each placement's QR verification stamp was drawn, same coordinates as the positions. */
  stamps: PlacementPosition[];
}

/** POST /api/documents/{id}/share */
export interface ShareResponse {
  shareLink: string;
  expiresAt: string;
}

/** GET /api/shared/{token}: what anyone holding the link sees. */
export interface SharedDocument {
  name: string;
  /** 'completed': sealed after a signing request; 'awaiting': a request is open (the original is shown). */
  status: 'pending' | 'signed' | 'awaiting' | 'completed';
  originalFilename: string;
  size: number;
  pageCount: number;
  createdAt: string;
  signedAt: string | null;
  reference: string | null;
  signers: string[];
  /** Inline view (the signed version once signed); add ?download=1 for an attachment. */
  fileUrl: string;
  expiresAt: string | null;
}

/** POST /api/documents/check-hash and GET /api/documents/reference/{ref}. */
export interface DocumentVerification {
  /** Which file the hash matched: the signed PDF, or an earlier version it was made from. */
  match: 'signed' | 'original' | 'reference';
  /**
   * With match 'original': the file is not the upload but the revision the n-th finished
   * recipient of a signing request made (a prefix of the sealed file).
   */
  revision?: number;
  reference: string;
  name: string;
  signers: { name: string; signedAt: string }[];
  signedAt: string;
  originalSha256: string;
  signedSha256: string;
  /**
   * The verification link the signed PDF's QR codes carry, seal in its fragment: the
   * page checks that seal and its log entry. Absent for documents signed before it was stored.
   */
  sealedLink?: string;
}
