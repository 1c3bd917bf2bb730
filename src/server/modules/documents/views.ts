import {
  activeContentKinds,
  type ActiveContentKind,
  type DocumentDetail,
  type DocumentSummary,
  type PlacedSignatureRecord,
} from '#shared/documents/schemas.ts';
import type { DocumentRow } from '#server/db/schema.ts';

export interface ShareState {
  shared: boolean;
  shareExpiresAt: string | null;
}

/** Pages of the file the owner now gets: the signed one (certificate or audit pages added), once signed. */
export const currentPageCount = (d: Pick<DocumentRow, 'page_count' | 'signed_page_count'>) =>
  d.signed_page_count ?? d.page_count;

export function toSummary(d: DocumentRow, share: ShareState): DocumentSummary {
  const signed = d.signed_at !== null;
  return {
    id: d.id,
    name: d.name,
    // A signing request's states come first: 'completed' is signed too, 'awaiting' may be shared.
    status:
      d.status === 'awaiting' || d.status === 'completed'
        ? d.status
        : signed
          ? 'signed'
          : share.shared
            ? 'shared'
            : 'pending',
    createdAt: d.created_at,
    updatedAt: d.updated_at,
    originalFilename: d.original_filename,
    mimeType: d.mime_type,
    size: d.size,
    pageCount: d.page_count,
    signedAt: d.signed_at,
    reference: d.reference,
    sha256: d.sha256,
    signedSha256: d.signed_sha256,
    signedSize: d.signed_size,
    signedPageCount: d.signed_page_count,
    shared: share.shared,
    shareExpiresAt: share.shareExpiresAt,
    activeContent: activeContentOf(d),
  };
}

const known = new Set<string>(activeContentKinds);
/** Stored as comma-separated kinds; anything unknown (a later version's kind) is left out. */
export const activeContentOf = (d: Pick<DocumentRow, 'active_content'>): ActiveContentKind[] =>
  (d.active_content ?? '').split(',').filter((k): k is ActiveContentKind => known.has(k));

export function toDetail(
  d: DocumentRow,
  share: ShareState,
  signatures: PlacedSignatureRecord[],
): DocumentDetail {
  return { ...toSummary(d, share), signatures };
}

/** "2025-04-14 10:00 UTC": how times read on signed PDFs. */
export const printedTime = (isoTime: string) => `${isoTime.slice(0, 10)} ${isoTime.slice(11, 16)} UTC`;

/**
 * A Content-Disposition that cannot break out of its header or name a path: an ASCII fallback
 * plus the UTF-8 name (RFC 6266), always ending in `.ext` (.pdf unless told).
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string, ext = 'pdf'): string {
  const base = name.replace(new RegExp(`\\.${ext}$`, 'i'), '').trim() || 'document';
  const ascii = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w .()-]+/g, '_')
    .slice(0, 120);
  const utf8 = encodeURIComponent(`${base.slice(0, 200)}.${ext}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}.${ext}"; filename*=UTF-8''${utf8}`;
}
