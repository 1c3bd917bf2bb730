import { expect, test } from 'vitest';
import { idChunks } from './verification.service.ts';

const check = (ids: number[], size: number) => {
  const chunks = idChunks(new Set(ids), size);
  // every id once, no chunk over the size, and the chunks in id order
  expect(chunks.flat().sort((a, b) => a - b)).toEqual([...new Set(ids)].sort((a, b) => a - b));
  for (const c of chunks) expect(c.length).toBeLessThanOrEqual(size);
  for (let i = 1; i < chunks.length; i++)
    expect(Math.min(...chunks[i]!)).toBeGreaterThan(Math.max(...chunks[i - 1]!));
  return chunks;
};

test('ids in a shuffled order come out in id-ordered chunks of at most the size', () => {
  const ids = Array.from({ length: 1200 }, (_, i) => 57 + i).sort(() => Math.random() - 0.5);
  expect(check(ids, 500).map((c) => c.length)).toEqual([443, 500, 257]);
});

test('ids spread thin share chunks instead of one each', () => {
  const ids = Array.from({ length: 1000 }, (_, i) => 1 + i * 10_000);
  expect(check(ids, 500)).toHaveLength(2);
});

test('random ids, any size', () => {
  for (const size of [1, 7, 500]) {
    const ids = Array.from({ length: 3000 }, () => 1 + Math.floor(Math.random() * 50_000));
    check(ids, size);
  }
  expect(idChunks([], 500)).toEqual([]);
});
