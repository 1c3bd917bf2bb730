import { expect, test } from 'vitest';
import { iso, isoBySecond } from './clock.ts';

test('isoBySecond writes what iso writes, for times in any order and at the edges', () => {
  const bySecond = isoBySecond();
  const base = Date.UTC(2026, 10, 24, 10, 30, 0);
  const times = [
    ...Array.from({ length: 5000 }, () => base + Math.floor(Math.random() * 10_000)),
    base,
    base + 999,
    base + 1000,
    base + 7,
    base + 70,
    0,
    -1,
    -1001,
    253402300799999, // 9999-12-31T23:59:59.999Z
    253402300800000, // +010000-01-01T00:00:00.000Z
  ];
  for (const t of times) expect(bySecond(t)).toBe(iso(t));
});
