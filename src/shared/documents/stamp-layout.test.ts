import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  holdsStamp,
  MIN_QR_MODULE,
  MIN_STAMP_BOX,
  QR_QUIET_MODULES,
  STAMP_QR_MODULES,
  stampLayout,
  type StampRect,
} from './stamp-layout.ts';

const inside = (part: StampRect, box: StampRect) =>
  part.x >= box.x - 1e-9 &&
  part.y >= box.y - 1e-9 &&
  part.x + part.width <= box.x + box.width + 1e-9 &&
  part.y + part.height <= box.y + box.height + 1e-9;

const overlap = (a: StampRect, b: StampRect) =>
  a.x < b.x + b.width - 1e-9 &&
  b.x < a.x + a.width - 1e-9 &&
  a.y < b.y + b.height - 1e-9 &&
  b.y < a.y + a.height - 1e-9;

describe('the stamp layout of a signature box', () => {
  test('every part lies inside the box and no two overlap, whatever its size', () => {
    const size = fc.double({ min: 1, max: 2000, noNaN: true });
    fc.assert(
      fc.property(size, size, size, size, (x, y, width, height) => {
        const box = { x, y, width, height };
        const { image, qr, caption } = stampLayout(box);
        for (const part of [image, qr, caption]) expect(inside(part, box)).toBe(true);
        expect(overlap(image, qr) || overlap(image, caption) || overlap(qr, caption)).toBe(false);
      }),
    );
  });

  test('the smallest box holds a version-11 QR code at 1.2 pt a module; a smaller one is refused', () => {
    expect(holdsStamp(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height)).toBe(true);
    expect(holdsStamp(MIN_STAMP_BOX.width - 0.1, 500)).toBe(false);
    expect(holdsStamp(500, MIN_STAMP_BOX.height - 0.1)).toBe(false);
    const { qr, caption, scale } = stampLayout({ x: 0, y: 0, ...MIN_STAMP_BOX });
    expect(scale).toBe(1);
    expect(qr.width / (STAMP_QR_MODULES + 2 * QR_QUIET_MODULES)).toBeCloseTo(MIN_QR_MODULE, 9);
    expect(caption.width).toBeGreaterThanOrEqual(72);
  });

  test('a larger box keeps the QR code its size, at the bottom right; the image takes the room left', () => {
    const box = { x: 100, y: 50, width: 300, height: 150 };
    const { image, qr, caption } = stampLayout(box);
    const small = stampLayout({ x: 0, y: 0, ...MIN_STAMP_BOX });
    expect(qr.width).toBeCloseTo(small.qr.width, 9);
    expect([qr.x + qr.width, qr.y + qr.height]).toEqual([400, 200]);
    expect(caption.y + caption.height).toBe(200);
    expect(image).toMatchObject({ x: 100, y: 50 });
    expect(image.width).toBeCloseTo(box.width - qr.width - 3, 9);
  });
});
