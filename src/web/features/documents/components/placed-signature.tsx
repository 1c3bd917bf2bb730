import { Move, X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
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

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  from: Placement;
}

const STEP = 1;
const BIG_STEP = 10;

/** Arrow keys as a (dx, dy) in points; Shift moves in larger steps. */
function arrow(event: KeyboardEvent): [number, number] | null {
  const step = event.shiftKey ? BIG_STEP : STEP;
  switch (event.key) {
    case 'ArrowLeft':
      return [-step, 0];
    case 'ArrowRight':
      return [step, 0];
    case 'ArrowUp':
      return [0, -step];
    case 'ArrowDown':
      return [0, step];
    default:
      return null;
  }
}

/**
 * A signature placed on the page: drag it (or use the arrow keys on it) to move, drag the corner
 * handle (or use the arrow keys on it) to resize, × to remove. Positions stay in points; the screen
 * scale only converts pointer movements.
 */
export function PlacedSignature(props: PlacedSignatureProps) {
  const { placement: p, index, scale, takeFocus, onMove, onResize, onRemove } = props;
  const drag = useRef<Drag | null>(null);
  const moveRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (takeFocus) moveRef.current?.focus();
  }, [takeFocus]);

  const begin = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: p };
  };
  const follow = (
    event: PointerEvent<HTMLElement>,
    apply: (dx: number, dy: number, from: Placement) => void,
  ) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    apply((event.clientX - d.startX) / scale, (event.clientY - d.startY) / scale, d.from);
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const label = t.placedLabel(index + 1, p.page);
  const where = t.placedPosition(Math.round(p.x), Math.round(p.y), Math.round(p.width), Math.round(p.height));

  return (
    <div
      role="group"
      aria-label={label}
      data-testid="placed-signature"
      className="group absolute"
      style={{ left: p.x * scale, top: p.y * scale, width: p.width * scale, height: p.height * scale }}
    >
      <button
        ref={moveRef}
        type="button"
        aria-label={`${t.moveLabel}. ${where}`}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
        data-testid="placed-move"
        className="absolute inset-0 cursor-move touch-none rounded-sm border-2 border-dashed border-ink-600 bg-ink-50/30 focus-visible:border-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700"
        onPointerDown={begin}
        onPointerMove={(event) => follow(event, (dx, dy, from) => onMove(from.x + dx, from.y + dy))}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={(event) => {
          const delta = arrow(event);
          if (!delta) return;
          event.preventDefault();
          onMove(p.x + delta[0], p.y + delta[1]);
        }}
      >
        <img
          src={p.signatureData}
          alt=""
          draggable={false}
          className="pointer-events-none size-full object-contain"
        />
        <Move aria-hidden="true" className="absolute top-1 left-1 size-4 text-ink-700 opacity-70" />
      </button>
      <button
        type="button"
        aria-label={`${t.resizeLabel}. ${where}`}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
        data-testid="placed-resize"
        className="absolute -right-2 -bottom-2 size-5 cursor-nwse-resize touch-none rounded-sm border-2 border-white bg-ink-700 shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700"
        onPointerDown={begin}
        onPointerMove={(event) =>
          follow(event, (dx, dy, from) => onResize(from.width + dx, from.height + dy))
        }
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={(event) => {
          const delta = arrow(event);
          if (!delta) return;
          event.preventDefault();
          onResize(p.width + delta[0], p.height + delta[1]);
        }}
      />
      <button
        type="button"
        aria-label={t.removeLabel(index + 1)}
        data-testid="placed-remove"
        className="absolute -top-3 -right-3 grid size-6 place-items-center rounded-full bg-red-700 text-white shadow hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
        onClick={onRemove}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
