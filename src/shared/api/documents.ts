import { z } from 'zod';
import { documentDetail, documentSummary, documentVerification } from '../documents/answers.ts';
import { checkHashSchema, documentNameSchema, documentReferenceSchema } from '../documents/schemas.ts';
import { pageOf, pageQuery } from './common.ts';

/** A document as the public API shows it: the owner's list entry. */
export const apiDocument = documentSummary.meta({ id: 'Document' });

/** One document with the signatures placed on it. */
export const apiDocumentDetail = documentDetail.meta({ id: 'DocumentDetail' });

const instant = z.iso
  .datetime({ offset: true })
  .transform((s) => new Date(s).toISOString())
  .describe('An ISO 8601 time, e.g. `2026-01-31T00:00:00Z`.');

export const documentListQuery = pageQuery.extend({
  status: z
    .enum(['pending', 'signed', 'awaiting', 'completed'])
    .optional()
    .describe('Only documents in this state.'),
  name: z.string().max(200).optional().describe('Only documents whose name contains this text.'),
  createdAfter: instant.optional().describe('Only documents uploaded at or after this time.'),
  createdBefore: instant.optional().describe('Only documents uploaded strictly before this time.'),
});

export const documentPage = pageOf(apiDocument).meta({ id: 'DocumentPage' });

/**
 * POST /documents as JSON: the PDF in base64 (a `data:application/pdf;base64,` URL is taken
 * too). The same upload as the multipart form, for clients that only speak JSON.
 */
export const documentUploadJson = z
  .object({
    name: documentNameSchema,
    filename: z.string().max(255).optional().describe('The file name to keep; `<name>.pdf` when absent.'),
    contentBase64: z.string().min(1).describe('The PDF, base64-encoded (at most 10 MB decoded).'),
  })
  .meta({ id: 'DocumentUpload' });
export type DocumentUploadJson = z.infer<typeof documentUploadJson>;

/** POST /documents as a multipart form, as the browser's upload sends it. */
export const documentUploadForm = z
  .object({
    file: z.string().meta({ format: 'binary' }).describe('The PDF (at most 10 MB).'),
    name: documentNameSchema.optional().describe("The document's name."),
  })
  .meta({ id: 'DocumentUploadForm' });

/** A signed document found by its reference or a file's hash: what anyone may check. */
export const apiDocumentVerification = documentVerification.meta({ id: 'DocumentVerification' });

export const documentReferenceParams = z.object({ reference: documentReferenceSchema });
export const documentHashBody = checkHashSchema.meta({ id: 'DocumentHash' });
