import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  EMPTY_ROOT_HEX,
  hashChildren,
  hashLeaf,
  verifyConsistency,
  verifyInclusion,
} from '#shared/seals/merkle.ts';
import { consistencyProof, EMPTY_ROOT, inclusionProof, leafHashOf, MemoryTree } from './tree.ts';

/**
 * A second implementation written from RFC 9162 §2.1 as plain recursion (MTH, PATH, PROOF), with
 * none of the log's code: the log's stored-subtree proofs must agree with it.
 */
const h = (...parts: Buffer[]) => crypto.createHash('sha256').update(Buffer.concat(parts)).digest();
const k = (n: number) => 2 ** Math.floor(Math.log2(n - 1));
function mth(d: Buffer[]): Buffer {
  if (d.length === 0) return h();
  if (d.length === 1) return h(Buffer.from([0]), d[0]!);
  const s = k(d.length);
  return h(Buffer.from([1]), mth(d.slice(0, s)), mth(d.slice(s)));
}
function path(m: number, d: Buffer[]): Buffer[] {
  if (d.length <= 1) return [];
  const s = k(d.length);
  return m < s
    ? [...path(m, d.slice(0, s)), mth(d.slice(s))]
    : [...path(m - s, d.slice(s)), mth(d.slice(0, s))];
}
function subproof(m: number, d: Buffer[], whole: boolean): Buffer[] {
  if (m === d.length) return whole ? [] : [mth(d)];
  const s = k(d.length);
  return m <= s
    ? [...subproof(m, d.slice(0, s), whole), mth(d.slice(s))]
    : [...subproof(m - s, d.slice(s), false), mth(d.slice(0, s))];
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const unhex = (s: string) => Buffer.from(s, 'hex');

// RFC 6962 / Certificate Transparency reference data (transparency-dev/merkle testonly).
const CT_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(unhex);
const CT_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const CT_INCLUSION = [
  {
    index: 0,
    size: 8,
    proof: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    index: 5,
    size: 8,
    proof: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
];
const CT_CONSISTENCY = [
  {
    first: 2,
    second: 8,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    first: 6,
    second: 8,
    proof: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    first: 2,
    second: 5,
    proof: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
];

function treeOf(entries: Buffer[]) {
  const tree = new MemoryTree();
  for (const e of entries) tree.append(leafHashOf(e));
  return tree;
}

describe('known answers (RFC 6962 test vectors)', () => {
  test('leaf, node and empty-tree hashes, the same in the browser code and the server code', async () => {
    expect(hex(EMPTY_ROOT)).toBe(EMPTY_ROOT_HEX);
    expect(EMPTY_ROOT_HEX).toBe(crypto.createHash('sha256').digest('hex'));
    expect(hex(await hashLeaf(CT_LEAVES[0]!))).toBe(CT_ROOTS[0]);
    expect(hex(leafHashOf(CT_LEAVES[0]!))).toBe(CT_ROOTS[0]);
    const [a, b] = CT_LEAVES.slice(0, 2).map(leafHashOf);
    expect(hex(await hashChildren(a!, b!))).toBe(CT_ROOTS[1]);
  });

  test('the root after each append matches the published root of every size 0..8', () => {
    const tree = new MemoryTree();
    expect(hex(tree.frontier.root())).toBe(EMPTY_ROOT_HEX);
    CT_LEAVES.forEach((leaf, i) => {
      tree.append(leafHashOf(leaf));
      expect(hex(tree.frontier.root()), `size ${i + 1}`).toBe(CT_ROOTS[i]);
    });
  });

  test('inclusion proofs are the published ones and verify', async () => {
    const tree = treeOf(CT_LEAVES);
    for (const v of CT_INCLUSION) {
      const proof = await inclusionProof(v.index, v.size, tree.source);
      expect(proof.map(hex)).toEqual(v.proof);
      const leaf = leafHashOf(CT_LEAVES[v.index]!);
      expect(await verifyInclusion(v.index, v.size, leaf, proof, unhex(CT_ROOTS[v.size - 1]!))).toBe(true);
    }
  });

  test('consistency proofs are the published ones and verify', async () => {
    const tree = treeOf(CT_LEAVES);
    for (const v of CT_CONSISTENCY) {
      const proof = await consistencyProof(v.first, v.second, tree.source);
      expect(proof.map(hex)).toEqual(v.proof);
      const ok = await verifyConsistency(
        v.first,
        v.second,
        unhex(CT_ROOTS[v.first - 1]!),
        unhex(CT_ROOTS[v.second - 1]!),
        proof,
      );
      expect(ok).toBe(true);
    }
  });

  test('degenerate cases: same size, from the empty tree, nonsense arguments', async () => {
    const r8 = unhex(CT_ROOTS[7]!);
    const r4 = unhex(CT_ROOTS[3]!);
    expect(await verifyConsistency(8, 8, r8, r8, [])).toBe(true);
    expect(await verifyConsistency(8, 8, r8, r4, [])).toBe(false);
    expect(await verifyConsistency(0, 8, EMPTY_ROOT, r8, [])).toBe(true);
    expect(await verifyConsistency(8, 4, r8, r4, [])).toBe(false);
    expect(await verifyConsistency(4, 8, r4, r8, [])).toBe(false);
    expect(await verifyInclusion(8, 8, leafHashOf(CT_LEAVES[0]!), [], r8)).toBe(false);
    expect(await verifyInclusion(-1, 8, leafHashOf(CT_LEAVES[0]!), [], r8)).toBe(false);
    expect(await verifyInclusion(0, 1, leafHashOf(CT_LEAVES[0]!), [], unhex(CT_ROOTS[0]!))).toBe(true);
    expect(await verifyInclusion(0, 8, leafHashOf(CT_LEAVES[0]!), [Buffer.alloc(31)], r8)).toBe(false);
  });
});

describe('against the independent implementation, every shape up to 40 leaves', () => {
  const entries = Array.from({ length: 40 }, (_, i) => Buffer.from(`entry ${i}`));
  const tree = treeOf(entries);

  test('roots, inclusion and consistency proofs are identical for all sizes and indexes', async () => {
    for (let n = 1; n <= entries.length; n++) {
      const d = entries.slice(0, n);
      for (let m = 0; m < n; m++)
        expect((await inclusionProof(m, n, tree.source)).map(hex)).toEqual(path(m, d).map(hex));
      for (let m = 1; m < n; m++)
        expect((await consistencyProof(m, n, tree.source)).map(hex)).toEqual(subproof(m, d, true).map(hex));
    }
    const partial = new MemoryTree();
    entries.forEach((e, i) => {
      partial.append(leafHashOf(e));
      expect(hex(partial.frontier.root())).toBe(hex(mth(entries.slice(0, i + 1))));
    });
  });
});

describe('properties (fast-check), trees up to 10,000 leaves', () => {
  const N = 10_000;
  const entries = Array.from({ length: N }, (_, i) => Buffer.from(`leaf-${i}`));
  const tree = treeOf(entries);
  // The reference recursion over [start, end), remembering whole power-of-two subtrees so each
  // size's root costs a few dozen hashes instead of 10,000.
  const memo = new Map<string, Buffer>();
  const mthRange = (start: number, end: number): Buffer => {
    const n = end - start;
    if (n === 1) return h(Buffer.from([0]), entries[start]!);
    const key = `${start}-${end}`;
    const whole = (n & (n - 1)) === 0;
    if (whole && memo.has(key)) return memo.get(key)!;
    const s = k(n);
    const r = h(Buffer.from([1]), mthRange(start, start + s), mthRange(start + s, end));
    if (whole) memo.set(key, r);
    return r;
  };
  const rootOf = (n: number) => mthRange(0, n);
  const flip = (b: Uint8Array, bit: number) => {
    const c = Buffer.from(b);
    c[Math.floor(bit / 8) % c.length]! ^= 1 << (bit % 8);
    return c;
  };

  test('every inclusion proof verifies, and any flipped bit in proof, leaf or root fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: N })
          .chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1), fc.nat(), fc.nat(255))),
        async ([n, m, which, bit]) => {
          const proof = await inclusionProof(m, n, tree.source);
          const leaf = leafHashOf(entries[m]!);
          const root = rootOf(n);
          expect(await verifyInclusion(m, n, leaf, proof, root)).toBe(true);
          expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
          const slot = which % (proof.length + 2);
          const bad =
            slot < proof.length
              ? await verifyInclusion(
                  m,
                  n,
                  leaf,
                  proof.map((p, i) => (i === slot ? flip(p, bit) : p)),
                  root,
                )
              : slot === proof.length
                ? await verifyInclusion(m, n, flip(leaf, bit), proof, root)
                : await verifyInclusion(m, n, leaf, proof, flip(root, bit));
          expect(bad).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('every consistency proof verifies, and any flipped bit in proof or roots fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 2, max: N })
          .chain((n) => fc.tuple(fc.integer({ min: 1, max: n - 1 }), fc.constant(n), fc.nat(), fc.nat(255))),
        async ([first, second, which, bit]) => {
          const proof = await consistencyProof(first, second, tree.source);
          const [r1, r2] = [rootOf(first), rootOf(second)];
          expect(await verifyConsistency(first, second, r1, r2, proof)).toBe(true);
          const slot = which % (proof.length + 2);
          const bad =
            slot < proof.length
              ? await verifyConsistency(
                  first,
                  second,
                  r1,
                  r2,
                  proof.map((p, i) => (i === slot ? flip(p, bit) : p)),
                )
              : slot === proof.length
                ? await verifyConsistency(first, second, flip(r1, bit), r2, proof)
                : await verifyConsistency(first, second, r1, flip(r2, bit), proof);
          expect(bad).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a proof for another index or size does not verify', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: N }).chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 2))),
        async ([n, m]) => {
          const proof = await inclusionProof(m, n, tree.source);
          expect(await verifyInclusion(m + 1, n, leafHashOf(entries[m]!), proof, rootOf(n))).toBe(false);
          expect(await verifyInclusion(m, n, leafHashOf(entries[m + 1]!), proof, rootOf(n))).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
