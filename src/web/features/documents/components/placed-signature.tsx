import { MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { PlacedBox } from '#web/components/placement/placed-box.tsx';
import { StampFootprint } from '#web/components/placement/stamp-footprint.tsx';
import type { Placement } from '../lib/placement.ts';
import { signingText as t } from '../signing-messages.ts';

interface PlacedSignatureProps {
  placement: Placement;
  index: number;
  /** CSS pixels per point on screen. */
  scale: number;
  /** Just placed: take the focus, so the arrow keys move it at once. */
  takeFocus?: boolean;
  onMove: (x: number, y: number) => void;
  onResize: (width: number, height: number) => void;
  onRemove: () => void;
}

/** A saved signature placed on the page, moved and resized as a PlacedBox. */
export function PlacedSignature({ placement: p, index, ...rest }: PlacedSignatureProps) {
  const labels = {
    group: t.placedLabel(index + 1, p.page),
    where: t.placedPosition(Math.round(p.x), Math.round(p.y), Math.round(p.width), Math.round(p.height)),
    move: t.moveLabel,
    resize: t.resizeLabel,
    remove: t.removeLabel(index + 1),
  };
  return (
    <PlacedBox rect={p} labels={labels} testId="placed-signature" {...rest}>
      <StampFootprint
        width={p.width}
        height={p.height}
        tooSmall={t.stampTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height)}
      >
        <img
          src={p.signatureData}
          alt=""
          draggable={false}
          className="pointer-events-none size-full object-contain"
        />
      </StampFootprint>
    </PlacedBox>
  );
}
