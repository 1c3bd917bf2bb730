import { useRef, useState } from 'react';
import { MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { moveWithin, resizeWithin, type PageSize } from '#web/lib/placement.ts';
import { centred, type Placement } from '../lib/placement.ts';

export interface PlaceableSignature {
  id: number;
  signatureData: string;
}

/** The signatures placed so far, on any page; every change keeps them on their page. */
export function usePlacements() {
  const [placements, setPlacements] = useState<Placement[]>([]);
  const counter = useRef(0);

  const update = (key: string, change: (p: Placement) => Placement) =>
    setPlacements((list) => list.map((p) => (p.key === key ? change(p) : p)));

  return {
    placements,
    /** Places a signature at the default size in the centre of the page; returns its key. */
    place(signature: PlaceableSignature, page: number, pageSize: PageSize) {
      counter.current += 1;
      const key = `placed-${counter.current}`;
      setPlacements((list) => [
        ...list,
        {
          key,
          signatureId: signature.id,
          signatureData: signature.signatureData,
          page,
          pageSize,
          ...centred(pageSize),
        },
      ]);
      return key;
    },
    moveTo: (key: string, x: number, y: number) => update(key, (p) => moveWithin(p, x, y, p.pageSize)),
    resizeTo: (key: string, width: number, height: number) =>
      // Never smaller than what holds the signature with a readable QR code (the server refuses less).
      update(key, (p) => resizeWithin(p, width, height, p.pageSize, MIN_STAMP_BOX)),
    remove: (key: string) => setPlacements((list) => list.filter((p) => p.key !== key)),
    /** Puts back placements kept when the session ended (lib/session/kept-work.ts). */
    restore(kept: Placement[]) {
      for (const p of kept) counter.current = Math.max(counter.current, Number(p.key.split('-')[1]) || 0);
      setPlacements(kept);
    },
  };
}

export type PlacementsState = ReturnType<typeof usePlacements>;
