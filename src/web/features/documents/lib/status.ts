import { documentMessages as m } from '#shared/documents/messages.ts';
import type { DocumentSummary } from '#shared/documents/schemas.ts';

export type StatusLook = 'signed' | 'shared' | 'pending' | 'awaiting' | 'completed';

const looks = new Set<string>(['signed', 'shared', 'awaiting', 'completed']);

/**
 * A document's badge: signed green, shared blue, anything else (draft too) Pending in amber;
 * a signing request's states have their own: awaiting signatures, completed.
 */
export function statusLook(status: string): StatusLook {
  return looks.has(status) ? (status as StatusLook) : 'pending';
}

export const statusLabel: Record<StatusLook, string> = {
  signed: m.statusSigned,
  shared: m.statusShared,
  pending: m.statusPending,
  awaiting: m.statusAwaiting,
  completed: m.statusCompleted,
};

/** The owner may sign, or ask others to, until it is signed or a request holds or sealed it. */
export const canSign = (doc: Pick<DocumentSummary, 'status'>) =>
  doc.status === 'pending' || doc.status === 'shared';

export const canRequest = canSign;

/** Signed by its owner or sealed after a request: the download is the signed file. */
export const isSigned = (doc: Pick<DocumentSummary, 'status'>) =>
  doc.status === 'signed' || doc.status === 'completed';

/** The file the owner now gets (the signed one once signed, a page longer): its size and pages. */
export const currentFile = (doc: DocumentSummary) => ({
  size: doc.signedSize ?? doc.size,
  pages: doc.signedPageCount ?? doc.pageCount,
});
