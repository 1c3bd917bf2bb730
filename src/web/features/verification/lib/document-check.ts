/** "Check a document"'s work and answers, a chunk loaded when a document is checked (lib/lazy-parts.ts). */
export { sha256Hex } from '#web/lib/sha256.ts';
export { checkDocumentHash } from '#web/features/verification/api/check-document-hash.ts';
export { getDocumentByReference } from '#web/features/verification/api/get-document-by-reference.ts';
export { CheckMatch, CheckNoMatch } from '#web/features/verification/components/check-result.tsx';
