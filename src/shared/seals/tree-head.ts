import type { SignedTreeHead } from './answers.ts';
import { ByteWriter, concat, fromBase64Url, fromHex, utf8 } from './bytes.ts';
import { verifyEs256, type KeyRing } from './keys.ts';
import { HASH_BYTES } from './merkle.ts';

// The head's shape is its answer schema's (type-only: this file runs without zod).
export type { SignedTreeHead } from './answers.ts';

const DOMAIN = utf8('inkproof-tree-head\u0000');

/** The signed bytes: a domain tag, timestamp, size (8 bytes each, big-endian) and root. */
export function treeHeadMessage(head: Pick<SignedTreeHead, 'treeSize' | 'rootHash' | 'timestamp'>) {
  const root = fromHex(head.rootHash);
  if (!root || root.length !== HASH_BYTES) throw new RangeError('a root hash is 32 bytes of hex');
  return concat(DOMAIN, new ByteWriter().u64(head.timestamp).u64(head.treeSize).bytes(root).finish());
}

export type TreeHeadCheck =
  { ok: true } | { ok: false; reason: 'malformed' | 'unknown-key' | 'expired-key' | 'bad-signature' };

/** Checks a head's signature with the instance's keys; never throws. */
export async function verifyTreeHead(head: SignedTreeHead, keys: KeyRing): Promise<TreeHeadCheck> {
  let message;
  try {
    if (!Number.isSafeInteger(head.treeSize) || head.treeSize < 0 || !Number.isSafeInteger(head.timestamp))
      return { ok: false, reason: 'malformed' };
    message = treeHeadMessage(head);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const signature = typeof head.signature === 'string' ? fromBase64Url(head.signature) : null;
  if (!signature) return { ok: false, reason: 'malformed' };
  const found = typeof head.kid === 'string' ? keys.get(head.kid) : null;
  if (!found) return { ok: false, reason: 'unknown-key' };
  if (!(await verifyEs256(found.key, signature, message))) return { ok: false, reason: 'bad-signature' };
  if (found.jwk.exp !== undefined && head.timestamp > found.jwk.exp * 1000)
    return { ok: false, reason: 'expired-key' };
  return { ok: true };
}
