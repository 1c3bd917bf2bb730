import QRCode from 'qrcode';
import { describe, expect, test } from 'vitest';
import { qrPath } from './qr-path.ts';
import { scaleStrokes, strokePath, strokesPath } from './stroke-path.ts';

describe('QR path', () => {
  test('covers exactly the dark modules', () => {
    const { modules } = QRCode.create('https://example.org/verify-signature?ref=SIG-20250414-1234', {
      errorCorrectionLevel: 'M',
    });
    const dark = new Set<string>();
    for (const [, x, y, w] of qrPath(modules).matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i++) dark.add(`${Number(x) + i},${y}`);
    }
    let expected = 0;
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) expected++;
        expect(dark.has(`${col},${row}`)).toBe(Boolean(modules.get(row, col)));
      }
    expect(dark.size).toBe(expected);
  });
});

describe('stroke paths', () => {
  test('a dot becomes a tiny segment so a round cap draws it', () => {
    expect(strokePath([{ x: 5, y: 6 }])).toBe('M5 6l0.01 0');
  });

  test('a line of two points is straight; longer ones are smoothed through midpoints', () => {
    expect(
      strokePath([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ]),
    ).toBe('M0 0L10 0');
    expect(
      strokePath([
        { x: 0, y: 0 },
        { x: 10, y: 10 },
        { x: 20, y: 0 },
        { x: 30, y: 10 },
      ]),
    ).toBe('M0 0Q10 10 15 5Q20 0 25 5L30 10');
  });

  test('several strokes join into one path; empty strokes vanish', () => {
    expect(
      strokesPath([
        [{ x: 1, y: 1 }],
        [],
        [
          { x: 2, y: 2 },
          { x: 3, y: 3 },
        ],
      ]),
    ).toBe('M1 1l0.01 0M2 2L3 3');
  });

  test('scales from a shrunken pad back to 600x250', () => {
    expect(scaleStrokes([[{ x: 150, y: 62.5 }]], 2, 2)).toEqual([[{ x: 300, y: 125 }]]);
  });
});
