import { z } from 'zod';
import { singleLineText } from '#shared/text.ts';
import { REFERENCE_MAX, REFERENCE_PATTERN } from './reference.ts';
import { ADDITIONAL_DATA_MAX, SIGNER_NAME_MAX } from './limits.ts';
import { signatureMessages as m } from './messages.ts';

export {
  ADDITIONAL_DATA_MAX,
  ANONYMOUS_EXPIRY_MONTHS,
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNER_NAME_MAX,
} from './limits.ts';

export const referenceSchema = z
  .string()
  .trim()
  .min(1, m.referenceRequired)
  .max(REFERENCE_MAX, m.referenceFormat)
  .regex(REFERENCE_PATTERN, m.referenceFormat);

/**
 * POST /api/signatures. The creator sends the spec's full payload; userId, isRegisteredUser and
 * expiresAt are accepted for compatibility but ignored: the server knows them better.
 */
export const saveSignatureSchema = z.object({
  // The decoded size is checked by the server (413); this only bounds the text.
  signatureData: z.string().max(1_048_576, m.imageTooLarge).default(''),
  signerName: singleLineText().max(SIGNER_NAME_MAX, m.nameTooLong).optional(),
  additionalData: singleLineText().max(ADDITIONAL_DATA_MAX, m.dataTooLong).default(''),
  qrCodeData: z.string().max(2000).optional(),
  referenceNumber: z.union([z.literal(''), referenceSchema]).optional(),
  isDefault: z.boolean().default(false),
  /** Publication consent of the creator; the signing panel saves private signatures without it. */
  consent: z.boolean().optional(),
  userId: z.unknown().optional(),
  isRegisteredUser: z.unknown().optional(),
  expiresAt: z.unknown().optional(),
});
export type SaveSignatureInput = z.input<typeof saveSignatureSchema>;

/** A signature as its owner sees it. */
export interface OwnSignature {
  id: number;
  signerName: string;
  createdAt: string;
  expiresAt: string | null;
  additionalData: string;
  referenceNumber: string;
  signatureData: string;
  userId: number | null;
  isPublic: boolean;
  isDefault: boolean;
  isRegisteredUser: boolean;
  qrCodeData: string;
  consentAt: string | null;
  revokedAt: string | null;
  lookupCount: number;
  lastVerifiedAt: string | null;
}

/** What anyone verifying a signature receives: the minimum, and never the clean image. */
export interface PublicSignature {
  id: number;
  signerName: string;
  createdAt: string;
  expiresAt: string | null;
  additionalData: string;
  referenceNumber: string;
  /** URL of a reduced, watermarked verification copy, or '' when saved without an image. */
  signatureData: string;
  isRegisteredUser: boolean;
  /** A signature made through a signing request: whose, masked, and on what. */
  signingRequest?: { signerEmail: string; documentName: string };
  /**
   * Only for a signature that is not public but signed documents: their certificate pages print
   * its reference, so it verifies, with what those pages show beside it and never its image.
   */
  documentUse?: SignatureDocumentUse;
}

/** How a private signature was used: signed documents that print its reference. */
export interface SignatureDocumentUse {
  documents: number;
  firstSignedAt: string;
  lastSignedAt: string;
}
