import { describe, expect, test } from 'vitest';
import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { filterDocuments } from './filter.ts';
import { moveWithin, resizeWithin } from '#web/lib/placement.ts';
import { centred, toPosition, type Placement } from './placement.ts';
import { dispositionName } from '#web/lib/save-file.ts';
import { pdfFileName } from './file-names.ts';
import { nameFromFile } from '#web/lib/upload-checks.ts';
import { nextZoom, openingZoom } from './viewer-zoom.ts';

const A4 = { width: 595.28, height: 841.89 };

describe('placements stay on their page', () => {
  test('a new signature is 200x100 in the centre, shrunk on a smaller page', () => {
    expect(centred(A4)).toEqual({ x: (595.28 - 200) / 2, y: (841.89 - 100) / 2, width: 200, height: 100 });
    expect(centred({ width: 150, height: 80 })).toEqual({ x: 0, y: 0, width: 150, height: 80 });
  });

  test('moving stops at every edge', () => {
    const r = centred(A4);
    expect(moveWithin(r, -50, -50, A4)).toMatchObject({ x: 0, y: 0 });
    expect(moveWithin(r, 9999, 9999, A4)).toMatchObject({ x: 595.28 - 200, y: 841.89 - 100 });
  });

  test('resizing keeps a minimum and never passes the far edges', () => {
    const r = { x: 500, y: 800, width: 50, height: 30 };
    expect(resizeWithin(r, 1, 1, A4)).toMatchObject({ width: 30, height: 15 });
    const big = resizeWithin(r, 500, 500, A4);
    expect(big.width).toBeCloseTo(95.28, 6);
    expect(big.height).toBeCloseTo(41.89, 6);
  });

  test('rounding for the server never pushes a signature off the page', () => {
    const p: Placement = {
      key: 'k',
      signatureId: 1,
      signatureData: '',
      page: 2,
      pageSize: A4,
      x: 395.276,
      y: 741.886,
      width: 200.004,
      height: 100.004,
    };
    const pos = toPosition(p);
    expect(pos.x + pos.width).toBeLessThanOrEqual(A4.width);
    expect(pos.y + pos.height).toBeLessThanOrEqual(A4.height);
    expect(pos.page).toBe(2);
  });
});

describe('document list', () => {
  const doc = (
    id: number,
    name: string,
    createdAt: string,
    status: DocumentSummary['status'],
    shared = false,
  ) => ({ id, name, createdAt, status, shared, originalFilename: `${name}.pdf` }) as DocumentSummary;
  const docs = [
    doc(1, 'beta', '2025-01-02T00:00:00Z', 'pending'),
    doc(2, 'Alpha', '2025-01-03T00:00:00Z', 'signed', true),
    doc(3, 'gamma', '2025-01-01T00:00:00Z', 'shared', true),
  ];
  const ids = (list: DocumentSummary[]) => list.map((d) => d.id);

  test('tabs: Pending follows the badge, Shared lists every live link', () => {
    expect(ids(filterDocuments(docs, 'pending', '', 'newest'))).toEqual([1]);
    expect(ids(filterDocuments(docs, 'signed', '', 'newest'))).toEqual([2]);
    expect(ids(filterDocuments(docs, 'shared', '', 'newest'))).toEqual([2, 3]);
  });

  test('sorts by date either way and by name ignoring case; searches names', () => {
    expect(ids(filterDocuments(docs, 'all', '', 'newest'))).toEqual([2, 1, 3]);
    expect(ids(filterDocuments(docs, 'all', '', 'oldest'))).toEqual([3, 1, 2]);
    expect(ids(filterDocuments(docs, 'all', '', 'name'))).toEqual([2, 1, 3]);
    expect(ids(filterDocuments(docs, 'all', ' GAM ', 'newest'))).toEqual([3]);
  });
});

describe('small helpers', () => {
  test('zoom moves in 0.2 steps between 0.6 and 3 without drifting', () => {
    let z = 1.2;
    for (let i = 0; i < 20; i++) z = nextZoom(z, 1);
    expect(z).toBe(3);
    for (let i = 0; i < 20; i++) z = nextZoom(z, -1);
    expect(z).toBe(0.6);
    expect(nextZoom(1.2, 1)).toBe(1.4);
  });

  test('the viewer opens at 1.2, or at the width of the page where 1.2 would cut it', () => {
    expect(openingZoom(900, 612)).toBe(1.2);
    expect(openingZoom(340, 612)).toBe(0.55);
    expect(612 * openingZoom(341, 612)).toBeLessThanOrEqual(341);
  });

  test('names: the upload field drops the extension; downloads keep one .pdf', () => {
    expect(nameFromFile('Lease 2025.final.pdf')).toBe('Lease 2025.final');
    expect(pdfFileName('Lease.pdf')).toBe('Lease.pdf');
    expect(pdfFileName('Lease')).toBe('Lease.pdf');
    expect(dispositionName(`attachment; filename="a_b.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`)).toBe(
      'été.pdf',
    );
    expect(dispositionName('attachment; filename="plain.pdf"')).toBe('plain.pdf');
  });
});
