import { z } from 'zod';
import { isoTime, messageAnswer } from '#shared/answers.ts';

/** A signature as its owner sees it. */
export const ownSignature = z.object({
  id: z.number(),
  signerName: z.string(),
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  additionalData: z.string(),
  referenceNumber: z.string(),
  signatureData: z.string(),
  userId: z.number().nullable(),
  isPublic: z.boolean(),
  isDefault: z.boolean(),
  isRegisteredUser: z.boolean(),
  qrCodeData: z.string(),
  consentAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
  lookupCount: z.number(),
  lastVerifiedAt: isoTime.nullable(),
});
export type OwnSignature = z.infer<typeof ownSignature>;

/** How a private signature was used: signed documents that print its reference. */
export const signatureDocumentUse = z.object({
  documents: z.number(),
  firstSignedAt: isoTime,
  lastSignedAt: isoTime,
});
export type SignatureDocumentUse = z.infer<typeof signatureDocumentUse>;

/** What anyone verifying a signature receives: the minimum, and never the clean image. */
export const publicSignature = ownSignature
  .pick({
    id: true,
    signerName: true,
    createdAt: true,
    expiresAt: true,
    additionalData: true,
    referenceNumber: true,
    isRegisteredUser: true,
  })
  .extend({
    /** URL of a reduced, watermarked verification copy, or '' when saved without an image. */
    signatureData: z.string(),
    /** A signature made through a signing request: whose, masked, and on what. */
    signingRequest: z.object({ signerEmail: z.string(), documentName: z.string() }).optional(),
    /**
     * Only for a signature that is not public but signed documents: their certificate pages print
     * its reference, so it verifies, with what those pages show beside it and never its image.
     */
    documentUse: signatureDocumentUse.optional(),
  });
export type PublicSignature = z.infer<typeof publicSignature>;

/** DELETE /api/signatures */
export const deletedAllAnswer = messageAnswer.extend({ deleted: z.number() });
/** PATCH /api/signatures/clear-images */
export const imagesClearedAnswer = messageAnswer.extend({ cleared: z.number() });
/** PATCH /api/signatures/:id/toggle-access */
export const accessAnswer = messageAnswer.extend({ isPublic: z.boolean() });
/** PATCH /api/signatures/:id/revoke */
export const revokedAnswer = messageAnswer.extend({ revokedAt: isoTime.nullable() });
