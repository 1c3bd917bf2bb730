import { z } from 'zod';
import { referenceSchema } from '../signatures/schemas.ts';

export { apiPublicSignature } from './signatures.ts';
export { apiDocumentVerification, documentHashBody, documentReferenceParams } from './documents.ts';

/** GET /verify/{reference}: a signature's reference, as printed under it and in its QR code. */
export const signatureReferenceParams = z.object({
  reference: referenceSchema.describe('The signature reference, e.g. `SIG-20260131-AB12`.'),
});
