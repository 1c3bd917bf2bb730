import { describe, expect, test } from 'vitest';
import { captionLines, combinedLayout, EXPORT, wrapText } from './layout.ts';
import { qrModulePixels } from './qr-path.ts';

const measure = (s: string) => s.length * 10;

describe('combined layout', () => {
  test('10 px padding, signature box 600x250, QR with a 4-module quiet zone, whole pixels', () => {
    const l = combinedLayout(45, 4);
    expect(l.signature).toMatchObject({ x: 10, width: 600, height: 250 });
    expect(l.qr.module).toBe(3);
    expect(l.qr.size).toBe(135);
    expect(l.qr.x).toBe(10 + 600 + 12);
    expect(l.width).toBe(10 + 600 + 135 + 24 + 10);
    expect(l.height).toBe(10 + 250 + EXPORT.captionGap + 4 * 20 + 10);
    for (const v of [l.qr.x, l.qr.y, l.signature.y, l.caption.firstBaseline])
      expect(Number.isInteger(v)).toBe(true);
  });

  test('a tall QR code makes the row taller and the signature centres in it', () => {
    const l = combinedLayout(121, 1);
    expect(l.qr.size + 8 * l.qr.module).toBeGreaterThan(250);
    expect(l.signature.y).toBeGreaterThan(10);
  });

  test('modules are at least 2 px', () => {
    expect(qrModulePixels(177, 130)).toBe(2);
    expect(qrModulePixels(21, 130)).toBe(6);
  });
});

describe('caption text', () => {
  test('short entries stay on one line each', () => {
    expect(captionLines([{ label: 'Signed by:', value: 'Ada' }], measure, 400)).toEqual(['Signed by: Ada']);
  });

  test('reference data wraps over at most three lines, the last ellipsed', () => {
    const lines = captionLines([{ label: 'Data:', value: 'word '.repeat(60), wrap: true }], measure, 100);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    for (const l of lines) expect(measure(l)).toBeLessThanOrEqual(100);
  });

  test('a word longer than the line is cut by characters', () => {
    expect(wrapText('abcdefghijklmnop', measure, 50)).toEqual(['abcde', 'fghij', 'klmno', 'p']);
  });

  test('a single entry that does not fit is ellipsed', () => {
    const [line] = captionLines([{ label: 'Name:', value: 'x'.repeat(100) }], measure, 100);
    expect(line!.endsWith('…')).toBe(true);
    expect(measure(line!)).toBeLessThanOrEqual(100);
  });
});
