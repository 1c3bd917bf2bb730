import { normalizeReference, REFERENCE_PATTERN } from '#shared/signatures/reference.ts';
import { claimedFrom, type LookupRequest } from '#web/features/verification/lib/lookup-types.ts';

const VERIFY_PATH = '/verify-signature';

/**
 * What a QR code or a file's metadata may be: a bare reference, or a verification link. A link is
 * never opened: only its reference (or, for a link of this site, its id) is looked up here, so a
 * QR code cannot send anyone to a look-alike site.
 */
export function requestFromText(
  text: string,
  origin = globalThis.location?.origin ?? '',
): LookupRequest | null {
  const value = text.trim();
  if (REFERENCE_PATTERN.test(value)) return { target: { kind: 'ref', ref: normalizeReference(value) } };
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const ref = url.searchParams.get('ref')?.trim() ?? '';
  const claimed = claimedFrom(url.searchParams);
  if (REFERENCE_PATTERN.test(ref))
    return { target: { kind: 'ref', ref: normalizeReference(ref) }, claimed, link: value };
  const ours = url.origin === origin && url.pathname.replace(/\/+$/, '') === VERIFY_PATH;
  const id = url.searchParams.get('id')?.trim();
  if (ours && id && /^\d{1,20}$/.test(id)) return { target: { kind: 'id', id }, claimed, link: value };
  return null;
}

export const describeTarget = (request: LookupRequest) =>
  request.target.kind === 'ref' ? request.target.ref : `#${request.target.id}`;
