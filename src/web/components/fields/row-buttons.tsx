import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

interface RowButtonsProps {
  index: number;
  count: number;
  labels: { up: string; down: string; remove: string };
  /** Whether the last row may go too. */
  removeLast?: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** Up, down and remove for a row of an ordered list: buttons, so keyboard and touch move rows alike. */
export function RowButtons({ index, count, labels, removeLast = false, onMove, onRemove }: RowButtonsProps) {
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={labels.up}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={labels.down}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={labels.remove}
        disabled={count === 1 && !removeLast}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
