import type { PublicSignature } from '#shared/signatures/schemas.ts';

/** Details a link (or a QR code's link) carries beside the reference: never trusted, only shown as such. */
export interface ClaimedDetails {
  name?: string;
  timestamp?: string;
  additional?: string;
}

export type LookupTarget = { kind: 'ref'; ref: string } | { kind: 'id'; id: string };

export interface LookupRequest {
  target: LookupTarget;
  claimed?: ClaimedDetails;
  /** The whole link it came from (a QR code's), whose fragment may carry a seal. */
  link?: string;
}

export type LookupOutcome =
  | { kind: 'found'; signature: PublicSignature }
  | { kind: 'captcha'; message: string }
  | { kind: 'revoked'; message: string; revokedAt: string | null }
  | { kind: 'expired'; message: string; expiresAt: string | null }
  | { kind: 'error'; message: string }
  /** No answer came (offline, a gateway with no server behind it): nothing was observed. */
  | { kind: 'unreachable' };

export const hasClaims = (claimed?: ClaimedDetails): claimed is ClaimedDetails =>
  Boolean(claimed && (claimed.name || claimed.timestamp || claimed.additional));

/** The link's extra query parameters, trimmed; empty ones left out. */
export function claimedFrom(params: URLSearchParams): ClaimedDetails | undefined {
  const pick = (key: string) => params.get(key)?.trim() || undefined;
  const claimed = { name: pick('name'), timestamp: pick('timestamp'), additional: pick('additional') };
  return hasClaims(claimed) ? claimed : undefined;
}
