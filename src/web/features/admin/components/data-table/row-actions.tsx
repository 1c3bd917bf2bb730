import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TableCell } from '#web/components/ui/table.tsx';

/** The last cell of a row: its buttons, at the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <TableCell>
      <span className="flex justify-end gap-1">{children}</span>
    </TableCell>
  );
}

interface RowActionProps {
  icon: LucideIcon;
  /** Shown beside the icon where the table has room (`labelClassName`). */
  label: string;
  /** The full name, with the row it acts on ('Block 192.0.2.1'). */
  ariaLabel: string;
  /** From which box width the label shows, e.g. 'hidden @3xl:inline'. */
  labelClassName: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A row's button: an icon, its label once the table is wide enough. */
export function RowAction({
  icon: Icon,
  label,
  ariaLabel,
  labelClassName,
  onClick,
  danger,
  disabled,
}: RowActionProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={danger ? 'text-red-700 hover:bg-red-50 hover:text-red-800' : undefined}
      onClick={onClick}
      disabled={disabled}
      aria-label={ariaLabel}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className={labelClassName}>{label}</span>
    </Button>
  );
}
