import { Move, MoveDiagonal2, X } from 'lucide-react';
import {
  useEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { cn } from '#web/lib/cn.ts';
import type { Rect } from '#web/lib/placement.ts';

export interface PlacedBoxLabels {
  /** The group's name, e.g. "Placed signature 2 on page 1". */
  group: string;
  /** Where it is, read after the move and resize labels. */
  where: string;
  move: string;
  resize: string;
  remove: string;
}

interface PlacedBoxProps {
  rect: Rect;
  /** CSS pixels per point on screen. */
  scale: number;
  labels: PlacedBoxLabels;
  /** Just placed: take the focus, so the arrow keys move it at once. */
  takeFocus?: boolean;
  onMove: (x: number, y: number) => void;
  onResize: (width: number, height: number) => void;
  onRemove: () => void;
  onFocus?: () => void;
  /** The box's frame colours (border, background); the ink default otherwise. */
  frameClassName?: string;
  frameStyle?: CSSProperties;
  testId?: string;
  /** Test ids of the move, resize and remove buttons: `${prefix}-move`, … */
  partsTestId?: string;
  children: ReactNode;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  from: Rect;
}

const STEP = 1;
const BIG_STEP = 10;
/** Below this size on screen (CSS px) the move icon would hide what the box shows. */
const ICON_ROOM = { width: 64, height: 40 };

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
 * A box placed on a page: drag it (or use the arrow keys on it) to move, drag the corner handle
 * (or use the arrow keys on it) to resize, × to remove. Positions stay in points; the screen scale
 * only converts pointer movements. The handle and × sit outside the box's right corners, 24 px
 * each (WCAG 2.5.8), so on a phone they never cover a small box.
 */
export function PlacedBox(props: PlacedBoxProps) {
  const { rect, scale, labels, takeFocus, onMove, onResize, onRemove, onFocus } = props;
  const { testId = 'placed-box', partsTestId = 'placed' } = props;
  const drag = useRef<Drag | null>(null);
  const moveRef = useRef<HTMLButtonElement>(null);
  const groupRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (takeFocus) moveRef.current?.focus();
  }, [takeFocus]);

  // touch-action none keeps the page still under a finger that drags, but Chromium still read a
  // finger lifted mid-move as a fling and took the next tap (on a field button) for the one that
  // stops it. Moves the page never sees make no fling (React's touch listeners are passive).
  useEffect(() => {
    const group = groupRef.current;
    const still = (e: TouchEvent) => {
      if (drag.current) e.preventDefault();
    };
    group?.addEventListener('touchmove', still, { passive: false });
    return () => group?.removeEventListener('touchmove', still);
  }, []);

  const begin = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: rect };
  };
  const follow = (event: PointerEvent<HTMLElement>, apply: (dx: number, dy: number, from: Rect) => void) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    apply((event.clientX - d.startX) / scale, (event.clientY - d.startY) / scale, d.from);
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  return (
    <div
      ref={groupRef}
      role="group"
      aria-label={labels.group}
      data-testid={testId}
      className="group absolute"
      style={{
        left: rect.x * scale,
        top: rect.y * scale,
        width: rect.width * scale,
        height: rect.height * scale,
      }}
    >
      <button
        ref={moveRef}
        type="button"
        aria-label={`${labels.move}. ${labels.where}`}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
        data-testid={`${partsTestId}-move`}
        className={cn(
          'absolute inset-0 cursor-move touch-none overflow-hidden rounded-sm border-2 border-dashed focus-visible:border-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700',
          props.frameClassName ?? 'border-ink-600 bg-ink-50/30',
        )}
        style={props.frameStyle}
        onFocus={onFocus}
        onPointerDown={begin}
        onPointerMove={(event) => follow(event, (dx, dy, from) => onMove(from.x + dx, from.y + dy))}
        onPointerUp={end}
        onPointerCancel={end}
        onKeyDown={(event) => {
          const delta = arrow(event);
          if (!delta) return;
          event.preventDefault();
          onMove(rect.x + delta[0], rect.y + delta[1]);
        }}
      >
        {props.children}
        {rect.width * scale >= ICON_ROOM.width && rect.height * scale >= ICON_ROOM.height ? (
          <Move aria-hidden="true" className="absolute top-1 left-1 size-4 text-ink-700 opacity-70" />
        ) : null}
      </button>
      <button
        type="button"
        aria-label={`${labels.resize}. ${labels.where}`}
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight"
        data-testid={`${partsTestId}-resize`}
        className="absolute top-full left-full grid size-6 cursor-nwse-resize touch-none place-items-center rounded-sm border-2 border-white bg-ink-700 text-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-700"
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
          onResize(rect.width + delta[0], rect.height + delta[1]);
        }}
      >
        <MoveDiagonal2 aria-hidden="true" className="size-3.5" />
      </button>
      <button
        type="button"
        aria-label={labels.remove}
        data-testid={`${partsTestId}-remove`}
        className="absolute bottom-full left-full grid size-6 place-items-center rounded-full bg-red-700 text-white shadow hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
        onClick={onRemove}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
