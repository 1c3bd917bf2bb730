import { describe, expect, it } from 'vitest';
import { IdTally } from './id-tally.ts';

/** What a Map keeps for the same adds: the reference the tally must equal. */
function model(adds: [id: number, at: number][]) {
  const m = new Map<number, { count: number; at: number }>();
  for (const [id, at] of adds) m.set(id, { count: (m.get(id)?.count ?? 0) + 1, at });
  return m;
}

function expectSame(tally: IdTally, m: Map<number, { count: number; at: number }>) {
  expect(tally.size).toBe(m.size);
  expect([...tally.ids()].sort((a, b) => a - b)).toEqual([...m.keys()].sort((a, b) => a - b));
  for (const [id, v] of m) expect(tally.get(id)).toEqual(v);
}

describe('IdTally', () => {
  it('counts like a Map through growth, clears and regrowth, ids near and far apart', () => {
    const tally = new IdTally();
    let seed = 7;
    const random = () => ((seed = Math.imul(seed, 48271) % 2147483647) & 0x7fffffff) / 2147483647;
    for (const [n, spread] of [
      [50_000, 30_000], // many repeats: grows from 1,024 slots
      [300, 1_000_000], // far fewer after a clear: shrinks
      [20_000, 5_000_000_000], // ids beyond 32 bits hash and compare whole
      [0, 1],
    ] as const) {
      const adds: [number, number][] = [];
      for (let i = 0; i < n; i++) adds.push([1 + Math.floor(random() * spread), 1_700_000_000_000 + i]);
      for (const [id, at] of adds) tally.add(id, at);
      expectSame(tally, model(adds));
      expect(tally.get(spread + 1)).toBeUndefined();
      tally.clear();
      expect(tally.size).toBe(0);
      expect(tally.ids()).toHaveLength(0);
      if (adds.length) expect(tally.get(adds[0]![0])).toBeUndefined();
    }
  });

  it('keeps only the latest time, and the whole count', () => {
    const tally = new IdTally();
    tally.add(5, 100);
    tally.add(5, 300);
    tally.add(5, 200);
    tally.add(2 ** 32 + 5, 50); // the same low 32 bits as 5
    expect(tally.get(5)).toEqual({ count: 3, at: 200 });
    expect(tally.get(2 ** 32 + 5)).toEqual({ count: 1, at: 50 });
  });

  it('refuses what is not a positive integer id', () => {
    const tally = new IdTally();
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])
      expect(() => tally.add(bad, 1)).toThrow(RangeError);
    expect(tally.size).toBe(0);
  });
});
