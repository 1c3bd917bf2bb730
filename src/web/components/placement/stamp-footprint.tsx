import { QrCode } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { holdsStamp, stampLayout, type StampRect } from '#shared/documents/stamp-layout.ts';

interface StampFootprintProps {
  /** The signature box's size in points. */
  width: number;
  height: number;
  /** Said in the box when it is too small to hold a readable stamp (where it can still be resized). */
  tooSmall?: string;
  /** What goes where the signature image is printed (the image, or a prompt). */
  children?: ReactNode;
}

/**
 * Where the signature image, its QR code and its caption are printed inside a signature box, laid
 * out by the server's own function: what is seen while placing is what gets printed. The parts are
 * placed in percent of the box, so they follow it at any zoom.
 */
export function StampFootprint({ width, height, tooSmall, children }: StampFootprintProps) {
  const layout = stampLayout({ x: 0, y: 0, width, height });
  const at = (r: StampRect): CSSProperties => ({
    left: `${(r.x / width) * 100}%`,
    top: `${(r.y / height) * 100}%`,
    width: `${(r.width / width) * 100}%`,
    height: `${(r.height / height) * 100}%`,
  });
  return (
    // The box's 2 px border is part of the placed rectangle: span the border box, not the padding box.
    <span className="pointer-events-none absolute -inset-0.5" data-testid="stamp-footprint">
      <span className="absolute" style={at(layout.image)}>
        {children}
      </span>
      <span
        aria-hidden="true"
        data-testid="stamp-footprint-qr"
        className="absolute grid place-items-center border border-dashed border-slate-500 bg-white/60 text-slate-500"
        style={at(layout.qr)}
      >
        <QrCode className="size-1/2" />
      </span>
      <span
        aria-hidden="true"
        data-testid="stamp-footprint-caption"
        className="absolute flex flex-col justify-evenly border border-dashed border-slate-500 bg-white/60 px-[4%]"
        style={at(layout.caption)}
      >
        {[70, 90, 80, 55].map((w) => (
          <span key={w} className="h-px bg-slate-500" style={{ width: `${w}%` }} />
        ))}
      </span>
      {!tooSmall || holdsStamp(width, height) ? null : (
        <span className="absolute inset-x-0 top-0 bg-red-700 px-1 text-[10px] leading-tight text-white">
          {tooSmall}
        </span>
      )}
    </span>
  );
}
