import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';

export type StatusLook = 'signed' | 'shared' | 'pending';

/** Badge of part 2 §2.5: signed green, shared blue, anything else (draft too) Pending in amber. */
export function statusLook(status: string): StatusLook {
  return status === 'signed' || status === 'shared' ? status : 'pending';
}

export const statusLabel: Record<StatusLook, string> = {
  signed: m.statusSigned,
  shared: m.statusShared,
  pending: m.statusPending,
};

/** A document can still be signed until it is signed; sharing does not change that. */
export const canSign = (doc: Pick<DocumentSummary, 'status'>) => doc.status !== 'signed';

/** The file the owner now gets (the signed one once signed, a page longer): its size and pages. */
export const currentFile = (doc: DocumentSummary) => ({
  size: doc.signedSize ?? doc.size,
  pages: doc.signedPageCount ?? doc.pageCount,
});
