import { concat, equalBytes, type Bytes } from './bytes.ts';

/**
 * RFC 9162 Merkle trees (as RFC 6962): leaf = SHA-256(0x00 ‖ entry), node = SHA-256(0x01 ‖ left
 * ‖ right), a tree of n leaves splits at the largest power of two below n. Verification here
 * uses WebCrypto; the pure range helpers tell a log which stored subtrees a proof needs.
 */
export const HASH_BYTES = 32;
/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT_HEX = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const sha256 = async (data: Bytes): Promise<Bytes> =>
  new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', data));

export const hashLeaf = (entry: Uint8Array) => sha256(concat(Uint8Array.of(0), entry));
export const hashChildren = (left: Uint8Array, right: Uint8Array) =>
  sha256(concat(Uint8Array.of(1), left, right));

const isLow = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
const isHashList = (proof: unknown): proof is Uint8Array[] =>
  Array.isArray(proof) && proof.every((p) => p instanceof Uint8Array && p.length === HASH_BYTES);
const validSize = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/** RFC 9162 §2.1.3.2. False for anything malformed; never throws. */
export async function verifyInclusion(
  index: number,
  size: number,
  leafHash: Uint8Array,
  proof: Uint8Array[],
  root: Uint8Array,
): Promise<boolean> {
  if (!validSize(index) || !validSize(size) || index >= size || !isHashList(proof)) return false;
  if (leafHash?.length !== HASH_BYTES || root?.length !== HASH_BYTES) return false;
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = leafHash;
  for (const p of proof) {
    if (sn === 0) return false;
    if (isLow(fn) || fn === sn) {
      r = await hashChildren(p, r);
      if (!isLow(fn)) {
        while (!isLow(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = await hashChildren(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(r, root);
}

/** RFC 9162 §2.1.4.2, with first = 0 (anything extends the empty tree) allowed. Never throws. */
export async function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  proof: Uint8Array[],
): Promise<boolean> {
  if (!validSize(first) || !validSize(second) || first > second || !isHashList(proof)) return false;
  if (firstRoot?.length !== HASH_BYTES || secondRoot?.length !== HASH_BYTES) return false;
  if (first === 0) return proof.length === 0;
  if (first === second) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : proof;
  if (path.length === 0) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (isLow(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr: Uint8Array = path[0]!;
  let sr: Uint8Array = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (isLow(fn) || fn === sn) {
      fr = await hashChildren(c, fr);
      sr = await hashChildren(c, sr);
      if (!isLow(fn)) {
        while (!isLow(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = await hashChildren(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot);
}

export const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/** The largest power of two strictly below n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Leaves [start, end) of the tree. */
export type Range = readonly [start: number, end: number];
/** A complete subtree: 2^level leaves starting at index · 2^level. */
export interface NodeId {
  level: number;
  index: number;
}

/** The ranges whose hashes form the inclusion proof of `index` in a tree of `size`, leaf first. */
export function inclusionRanges(index: number, size: number): Range[] {
  const out: Range[] = [];
  let [start, end] = [0, size];
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < start + k) {
      out.push([start + k, end]);
      end = start + k;
    } else {
      out.push([start, start + k]);
      start += k;
    }
  }
  return out.reverse();
}

/** The ranges of the consistency proof from `first` to `second` leaves (RFC 9162 SUBPROOF). */
export function consistencyRanges(first: number, second: number): Range[] {
  if (first <= 0 || first >= second) return [];
  const out: Range[] = [];
  let [start, end] = [0, second];
  let m = first;
  let whole = true;
  while (m !== end - start) {
    const k = splitPoint(end - start);
    if (m <= k) {
      out.push([start + k, end]);
      end = start + k;
    } else {
      out.push([start, start + k]);
      m -= k;
      start += k;
      whole = false;
    }
  }
  if (!whole) out.push([start, end]);
  return out.reverse();
}

/**
 * The complete subtrees a range's hash is built from, left to right: one for a range the tree
 * stores whole, a few (one per bit of its size) for the tree's ragged right edge. The range's
 * hash is then node(first, node(second, … last)).
 */
export function rangeNodes([start, end]: Range): NodeId[] {
  const out: NodeId[] = [];
  let at = start;
  while (at < end) {
    let level = 0;
    while (at % 2 ** (level + 1) === 0 && at + 2 ** (level + 1) <= end) level++;
    out.push({ level, index: at / 2 ** level });
    at += 2 ** level;
  }
  return out;
}
