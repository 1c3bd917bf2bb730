import { fromHex, utf8 } from './bytes.ts';
import type { KeyRing } from './keys.ts';
import { parseEntry, saltedHash } from './log-entry.ts';
import { hashLeaf, verifyInclusion } from './merkle.ts';
import { verifyTreeHead, type SignedTreeHead } from './tree-head.ts';
import type { SealClaims } from './token.ts';

export type InclusionCheck =
  | { status: 'included'; index: number; treeSize: number; headAt: number; event: string; at: string }
  | {
      status: 'not-included';
      reason: 'head' | 'proof' | 'entry' | 'mismatch';
    }
  /** The leaf is newer than the latest signed head (heads are signed every few seconds). */
  | { status: 'pending'; treeSize: number }
  | { status: 'unavailable' };

/** GETs JSON from the issuer (a path under its base URL); throws when it cannot. */
export type IssuerFetch = (path: string) => Promise<unknown>;

/**
 * Checks that the log leaf a proven seal names is in the issuer's current signed tree: the head's
 * signature, the leaf's inclusion proof up to its root, and that the leaf's entry is this item's
 * issuance (its subject and its salted reference). Never throws; a network failure is
 * 'unavailable', anything inconsistent 'not-included' with the step that failed.
 */
export async function checkInclusion(
  claims: SealClaims,
  keys: KeyRing,
  get: IssuerFetch,
): Promise<InclusionCheck> {
  let head: SignedTreeHead;
  let proof: { leafHash?: unknown; auditPath?: unknown };
  let page: { entries?: { index: number; entry: string }[] };
  try {
    head = (await get('/api/log/sth')) as SignedTreeHead;
    if ((await verifyTreeHead(head, keys)).ok !== true) return { status: 'not-included', reason: 'head' };
    if (claims.logIndex >= head.treeSize) return { status: 'pending', treeSize: head.treeSize };
    [proof, page] = (await Promise.all([
      get(`/api/log/proof/inclusion?index=${claims.logIndex}&size=${head.treeSize}`),
      get(`/api/log/entries?start=${claims.logIndex}&end=${claims.logIndex + 1}`),
    ])) as [typeof proof, typeof page];
  } catch {
    return { status: 'unavailable' };
  }
  const text = page?.entries?.[0]?.entry;
  if (typeof text !== 'string') return { status: 'not-included', reason: 'entry' };
  const leaf = await hashLeaf(utf8(text));
  const path = Array.isArray(proof?.auditPath)
    ? proof.auditPath.map((h) => (typeof h === 'string' ? fromHex(h) : null))
    : [];
  const root = fromHex(head.rootHash);
  if (!root || path.some((p) => !p)) return { status: 'not-included', reason: 'proof' };
  if (!(await verifyInclusion(claims.logIndex, head.treeSize, leaf, path as Uint8Array[], root)))
    return { status: 'not-included', reason: 'proof' };
  const entry = parseEntry(text);
  if (!entry) return { status: 'not-included', reason: 'entry' };
  const issuance =
    entry.event === 'signature.issued' ||
    entry.event === 'document.signed' ||
    entry.event === 'request.completed';
  const sameItem =
    issuance &&
    entry.subject.startsWith(claims.subjectHash.toLowerCase()) &&
    (await saltedHash('ref', entry.salt, claims.reference)) === entry.ref;
  if (!sameItem) return { status: 'not-included', reason: 'mismatch' };
  return {
    status: 'included',
    index: claims.logIndex,
    treeSize: head.treeSize,
    headAt: head.timestamp,
    event: entry.event,
    at: entry.at,
  };
}
