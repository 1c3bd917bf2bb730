import { z } from 'zod';
import { ownSignature, publicSignature } from '../signatures/answers.ts';
import { saveSignatureSchema } from '../signatures/schemas.ts';
import { pageOf, pageQuery } from './common.ts';

/** A signature as its owner sees it through the API; lists leave the image out. */
export const apiSignature = ownSignature
  .omit({ signatureData: true, userId: true, isRegisteredUser: true })
  .extend({ hasImage: z.boolean().describe('Whether an image was saved with it.') })
  .meta({ id: 'Signature' });
export type ApiSignature = z.infer<typeof apiSignature>;

/** One signature with its image (a PNG or SVG data URL, '' when saved without one). */
export const apiSignatureDetail = apiSignature
  .extend({ image: z.string().describe('The saved image as a data URL, or "" without one.') })
  .meta({ id: 'SignatureDetail' });

export const signatureListQuery = pageQuery;
export const signaturePage = pageOf(apiSignature).meta({ id: 'SignaturePage' });

/**
 * POST /signatures: what the signature service saves. Private (the default) signatures get an
 * unguessable reference and verify only once they signed a document; `public: true` is the
 * owner's consent to publish it, and only then may a reference number be chosen.
 */
export const signatureCreate = z
  .object({
    signerName: saveSignatureSchema.shape.signerName.describe(
      "The signer's name; the account's name when absent.",
    ),
    additionalData: saveSignatureSchema.shape.additionalData.describe(
      'Reference data shown beside it on verification.',
    ),
    referenceNumber: saveSignatureSchema.shape.referenceNumber.describe(
      'A chosen reference (`SIG-YYYYMMDD-XXXX`), only with `public: true`; drawn by the server when absent.',
    ),
    image: z
      .string()
      .max(1_048_576)
      .optional()
      .describe(
        'The image as a data URL: `data:image/png;base64,…` or `data:image/svg+xml;…` (at most 1 MB).',
      ),
    public: z.boolean().default(false).describe('Publish it: anyone may then verify it by reference.'),
    isDefault: z.boolean().default(false).describe('Make it the default signature for signing documents.'),
  })
  .meta({ id: 'SignatureCreate' });
export type SignatureCreate = z.infer<typeof signatureCreate>;

/** What anyone verifying a signature by reference receives. */
export const apiPublicSignature = publicSignature.meta({ id: 'PublicSignature' });
