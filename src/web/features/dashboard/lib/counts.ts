import type { DocumentSummary } from '#shared/documents/schemas.ts';

export interface StatusCounts {
  signed: number;
  pending: number;
  shared: number;
}

/** Counts by status value (part 1 §2); anything neither signed nor shared counts as pending. */
export function countByStatus(docs: DocumentSummary[]): StatusCounts {
  const counts = { signed: 0, pending: 0, shared: 0 };
  for (const d of docs) {
    if (d.status === 'signed') counts.signed += 1;
    else if (d.status === 'shared') counts.shared += 1;
    else counts.pending += 1;
  }
  return counts;
}

/** Documents that still need a signature, shared or not: the notification badge. */
export const awaitingSignature = (docs: DocumentSummary[]) =>
  docs.filter((d) => d.status !== 'signed').length;

/** The 3 most recent by createdAt, newest first (part 1 §2). */
export const recentDocuments = (docs: DocumentSummary[], n = 3) =>
  [...docs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id).slice(0, n);
