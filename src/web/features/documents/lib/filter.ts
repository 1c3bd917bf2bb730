import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { statusLook } from './status.ts';

export const TABS = ['all', 'pending', 'awaiting', 'completed', 'signed', 'shared'] as const;
export type Tab = (typeof TABS)[number];
export const SORTS = ['newest', 'oldest', 'name'] as const;
export type Sort = (typeof SORTS)[number];

export const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
export const isSort = (value: string): value is Sort => SORTS.includes(value as Sort);

/** Pending, Signed, Awaiting and Completed follow the badge; Shared lists every document with a live share link. */
function inTab(doc: DocumentSummary, tab: Tab) {
  switch (tab) {
    case 'all':
      return true;
    case 'pending':
      return statusLook(doc.status) === 'pending';
    case 'signed':
      return doc.status === 'signed';
    case 'awaiting':
    case 'completed':
      return doc.status === tab;
    case 'shared':
      return doc.shared;
  }
}

const time = (iso: string) => new Date(iso).getTime() || 0;
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const compare: Record<Sort, (a: DocumentSummary, b: DocumentSummary) => number> = {
  newest: (a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id,
  oldest: (a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id,
  name: (a, b) => collator.compare(a.name, b.name) || a.id - b.id,
};

/** The documents of a tab whose name or file name contains the search text, in the chosen order. */
export function filterDocuments(docs: DocumentSummary[], tab: Tab, search: string, sort: Sort) {
  const needle = search.trim().toLocaleLowerCase();
  return docs
    .filter((d) => inTab(d, tab))
    .filter(
      (d) =>
        !needle ||
        d.name.toLocaleLowerCase().includes(needle) ||
        d.originalFilename.toLocaleLowerCase().includes(needle),
    )
    .sort(compare[sort]);
}
