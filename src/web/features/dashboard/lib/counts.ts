import type { DocumentSummary } from '#shared/documents/schemas.ts';

export interface StatusCounts {
  signed: number;
  pending: number;
  shared: number;
  /** A signing request is open. */
  awaiting: number;
  /** Sealed after a signing request. */
  completed: number;
}

/** Counts by status value; anything else counts as pending. */
export function countByStatus(docs: DocumentSummary[]): StatusCounts {
  const counts = { signed: 0, pending: 0, shared: 0, awaiting: 0, completed: 0 };
  for (const d of docs) {
    if (d.status === 'signed' || d.status === 'shared' || d.status === 'awaiting' || d.status === 'completed')
      counts[d.status] += 1;
    else counts.pending += 1;
  }
  return counts;
}

/** Documents that still need the owner's signature, shared or not: the notification badge. */
export const awaitingSignature = (docs: DocumentSummary[]) =>
  docs.filter((d) => d.status === 'pending' || d.status === 'shared').length;

/** The 3 most recent by createdAt, newest first. */
export const recentDocuments = (docs: DocumentSummary[], n = 3) =>
  [...docs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id).slice(0, n);
