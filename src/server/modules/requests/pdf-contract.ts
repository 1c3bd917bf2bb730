/**
 * What the signing-request module hands to the PDF worker pool and gets back: the pool's own
 * types (pdf/request-jobs.ts), under the names this module uses. Plain data only, so it crosses
 * worker_threads unchanged. Coordinates: points of the page as displayed (CropBox after /Rotate),
 * origin top-left, y down; pages 1-based: the convention of the owner's placements.
 */
export type {
  AuditEvent as AuditLine,
  CompleteRequestInput as CompletionInput,
  CompleteRequestResult as CompletionResult,
  PageSizesResult,
  RecipientField as StampField,
  StampRecipientInput as RecipientStampInput,
  StampRecipientResult as RecipientStampResult,
} from '#server/modules/pdf/request-jobs.ts';
