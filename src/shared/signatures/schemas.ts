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

export type { OwnSignature, PublicSignature, SignatureDocumentUse } from './answers.ts';
