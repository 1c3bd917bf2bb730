import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';

/**
 * Active content found in an upload: the original keeps it, the signed version
 * has it removed (decision 019).
 */
export const activeContentKinds = ['embedded-files', 'javascript', 'launch', 'rich-media', 'xfa'] as const;
export type ActiveContentKind = (typeof activeContentKinds)[number];

/** GET /api/documents/usage: stored bytes (originals and signed versions) against the quota. */
export const storageUsage = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type StorageUsage = z.infer<typeof storageUsage>;

/**
 * 'shared': not signed yet, with a live share link. 'awaiting': a signing request is open (the
 * file cannot change); 'completed': every recipient of a request signed and the file is sealed.
 */
export const documentStatus = z.enum(['pending', 'signed', 'shared', 'awaiting', 'completed']);
export type DocumentStatus = z.infer<typeof documentStatus>;

/** A document as its owner sees it in lists (GET /api/documents). */
export const documentSummary = z.object({
  id: z.number(),
  name: z.string(),
  status: documentStatus,
  createdAt: isoTime,
  updatedAt: isoTime,
  originalFilename: z.string(),
  mimeType: z.string(),
  /** Bytes of the original upload. */
  size: z.number(),
  pageCount: z.number(),
  signedAt: isoTime.nullable(),
  /** DOC-YYYYMMDD-XXXXXXXX once signed. */
  reference: z.string().nullable(),
  sha256: z.string(),
  signedSha256: z.string().nullable(),
  signedSize: z.number().nullable(),
  /** Pages of the signed file: the original's and the signing certificate (a completed request's audit pages). */
  signedPageCount: z.number().nullable(),
  /** Whether a live (not revoked, not expired) share link exists. */
  shared: z.boolean(),
  shareExpiresAt: isoTime.nullable(),
  /** What the upload contained that runs or opens something; removed from the signed version. */
  activeContent: z.array(z.enum(activeContentKinds)),
});
export type DocumentSummary = z.infer<typeof documentSummary>;

/** A placement as stored and drawn: points of the page as displayed, origin top-left, page 1-based. */
const placement = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  page: z.number(),
});

export const placedSignatureRecord = z.object({
  signatureId: z.number().nullable(),
  signatureReference: z.string(),
  signerName: z.string(),
  position: placement,
  signedAt: isoTime,
});
export type PlacedSignatureRecord = z.infer<typeof placedSignatureRecord>;

/** GET /api/documents/{id} */
export const documentDetail = documentSummary.extend({ signatures: z.array(placedSignatureRecord) });
export type DocumentDetail = z.infer<typeof documentDetail>;

/** POST /api/documents/{id}/sign */
export const signDocumentAnswer = messageAnswer.extend({
  document: documentDetail,
  /** Where each placement's QR verification stamp was drawn, same coordinates as the positions. */
  stamps: z.array(placement),
});
export type SignDocumentResponse = z.infer<typeof signDocumentAnswer>;

/** POST /api/documents/{id}/share */
export const shareAnswer = z.object({ shareLink: z.string(), expiresAt: isoTime });
export type ShareResponse = z.infer<typeof shareAnswer>;

/** GET /api/shared/{token}: what anyone holding the link sees. */
export const sharedDocument = z.object({
  name: z.string(),
  /** 'completed': sealed after a signing request; 'awaiting': a request is open (the original is shown). */
  status: z.enum(['pending', 'signed', 'awaiting', 'completed']),
  originalFilename: z.string(),
  size: z.number(),
  pageCount: z.number(),
  createdAt: isoTime,
  signedAt: isoTime.nullable(),
  reference: z.string().nullable(),
  signers: z.array(z.string()),
  /** Inline view (the signed version once signed); add ?download=1 for an attachment. */
  fileUrl: z.string(),
  expiresAt: isoTime.nullable(),
});
export type SharedDocument = z.infer<typeof sharedDocument>;

/** POST /api/documents/check-hash and GET /api/documents/reference/{ref}. */
export const documentVerification = z.object({
  /** Which file the hash matched: the signed PDF, or an earlier version it was made from. */
  match: z.enum(['signed', 'original', 'reference']),
  /**
   * With match 'original': the file is not the upload but the revision the n-th finished
   * recipient of a signing request made (a prefix of the sealed file).
   */
  revision: z.number().optional(),
  reference: z.string(),
  name: z.string(),
  signers: z.array(z.object({ name: z.string(), signedAt: isoTime })),
  signedAt: isoTime,
  originalSha256: z.string(),
  signedSha256: z.string(),
  /**
   * The verification link the signed PDF's QR codes carry, seal in its fragment: the
   * page checks that seal and its log entry. Absent for documents signed before it was stored.
   */
  sealedLink: z.string().optional(),
});
export type DocumentVerification = z.infer<typeof documentVerification>;
