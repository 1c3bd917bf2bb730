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

// The answers' types, kept here too so that their importers need not change.
export { activeContentKinds, type ActiveContentKind } from './answers.ts';
export type {
  DocumentDetail,
  DocumentStatus,
  DocumentSummary,
  DocumentVerification,
  PlacedSignatureRecord,
  ShareResponse,
  SharedDocument,
  SignDocumentResponse,
  StorageUsage,
} from './answers.ts';
