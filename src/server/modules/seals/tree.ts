import crypto from 'node:crypto';
import {
  consistencyRanges,
  EMPTY_ROOT_HEX,
  inclusionRanges,
  rangeNodes,
  type NodeId,
  type Range,
} from '#shared/seals/merkle.ts';

/**
 * The server's side of the RFC 9162 tree: hashing with node:crypto (synchronous, a few hundred
 * nanoseconds a hash, for appends in bulk), the frontier that extends the tree, and proofs built
 * from stored complete subtrees. Verification lives in #shared/seals/merkle.ts.
 */
const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);
export const EMPTY_ROOT = Buffer.from(EMPTY_ROOT_HEX, 'hex');

export const leafHashOf = (entry: Buffer) => crypto.createHash('sha256').update(LEAF).update(entry).digest();
export const nodeHashOf = (left: Buffer, right: Buffer) =>
  crypto.createHash('sha256').update(NODE).update(left).update(right).digest();

export interface StoredNode extends NodeId {
  hash: Buffer;
}

/**
 * The roots of the complete subtrees a tree of `size` leaves is made of (one per set bit of size,
 * largest first): all an append needs. Each append returns the subtrees it completed, which the
 * log stores so proofs never recompute them.
 */
export class Frontier {
  constructor(
    public size: number,
    private nodes: StoredNode[],
  ) {}

  static empty() {
    return new Frontier(0, []);
  }

  /** Which stored nodes make up the frontier of a tree of `size` leaves. */
  static idsFor(size: number): NodeId[] {
    return size === 0 ? [] : rangeNodes([0, size]);
  }

  clone() {
    return new Frontier(this.size, [...this.nodes]);
  }

  append(leafHash: Buffer): StoredNode[] {
    const completed: StoredNode[] = [];
    let node: StoredNode = { level: 0, index: this.size, hash: leafHash };
    while (this.nodes.length > 0 && this.nodes[this.nodes.length - 1]!.level === node.level) {
      const left = this.nodes.pop()!;
      node = { level: node.level + 1, index: left.index / 2, hash: nodeHashOf(left.hash, node.hash) };
      completed.push(node);
    }
    this.nodes.push(node);
    this.size++;
    return completed;
  }

  root(): Buffer {
    if (this.nodes.length === 0) return EMPTY_ROOT;
    let r = this.nodes[this.nodes.length - 1]!.hash;
    for (let i = this.nodes.length - 2; i >= 0; i--) r = nodeHashOf(this.nodes[i]!.hash, r);
    return r;
  }
}

export const nodeKey = (n: NodeId) => `${n.level}:${n.index}`;

/** Reads stored subtree hashes (level 0 = leaf hashes); absent ones are simply missing from the map. */
export type NodeSource = (ids: NodeId[]) => Promise<Map<string, Buffer>>;

async function hashesOf(ranges: Range[], source: NodeSource): Promise<Buffer[]> {
  const parts = ranges.map(rangeNodes);
  const wanted = new Map<string, NodeId>();
  for (const n of parts.flat()) wanted.set(nodeKey(n), n);
  const found = await source([...wanted.values()]);
  return parts.map((nodes) => {
    const hashes = nodes.map((n) => {
      const h = found.get(nodeKey(n));
      if (!h) throw new Error(`log node ${nodeKey(n)} is missing`);
      return h;
    });
    let r = hashes[hashes.length - 1]!;
    for (let i = hashes.length - 2; i >= 0; i--) r = nodeHashOf(hashes[i]!, r);
    return r;
  });
}

export const inclusionProof = (index: number, size: number, source: NodeSource) =>
  hashesOf(inclusionRanges(index, size), source);

export const consistencyProof = (first: number, second: number, source: NodeSource) =>
  hashesOf(consistencyRanges(first, second), source);

/** A tree kept in memory (tests, the benchmark's baseline): every level as arrays. */
export class MemoryTree {
  readonly frontier = Frontier.empty();
  private readonly levels: Buffer[][] = [[]];

  append(leafHash: Buffer) {
    this.levels[0]!.push(leafHash);
    for (const n of this.frontier.append(leafHash)) (this.levels[n.level] ??= [])[n.index] = n.hash;
  }

  source: NodeSource = async (ids) => {
    const out = new Map<string, Buffer>();
    for (const id of ids) {
      const h = this.levels[id.level]?.[id.index];
      if (h) out.set(nodeKey(id), h);
    }
    return out;
  };
}
