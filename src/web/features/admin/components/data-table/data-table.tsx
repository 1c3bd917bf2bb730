import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type Key,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import { SortableHeader } from '#web/features/admin/components/sortable-header.tsx';
import { adminText } from '#web/features/admin/messages.ts';

export interface DataColumn<F extends string = never> {
  label: string;
  /** Classes of the header cell: alignment, and the box width from which the column shows. */
  className?: string;
  /** The list sorts by this field from the column's header (the table needs `sort`). */
  sortField?: F;
  /** Named for screen readers only, as the column of each row's buttons is. */
  hiddenLabel?: boolean;
}

/** The last column, holding each row's buttons. */
export const actionsColumn: DataColumn = { label: adminText.common.actions, hiddenLabel: true };

export interface SortState<F extends string> {
  sort: F;
  dir: 'asc' | 'desc';
  onSort: (field: F, dir: 'asc' | 'desc') => void;
}

interface DataTableProps<T, F extends string> {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: DataColumn<F>[];
  items: T[];
  rowKey: (item: T) => Key;
  /** The cells of one row. */
  cells: (item: T) => ReactNode;
  /** Shown across the table when there are no items. */
  empty: ReactNode;
  sort?: SortState<F>;
  /** Names the scrolling box for tables with nothing to focus in their rows (see Table). */
  scrollLabel?: string;
}

/**
 * A row's cells, each named after its column (`data-label`): on a phone the row shows as a card
 * and every cell but the first (the row's name) shows its column's name above it.
 */
function labelled(cells: ReactNode, columns: DataColumn<string>[]): ReactNode {
  const list =
    isValidElement<{ children?: ReactNode }>(cells) && cells.type === Fragment
      ? Children.toArray(cells.props.children)
      : Children.toArray(cells);
  return list.map((cell, i) => {
    const column = columns[i];
    if (i === 0 || !column || column.hiddenLabel || !isValidElement(cell)) return cell;
    return cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': column.label });
  });
}

/**
 * An admin list as a table: a caption for screen readers, column headers, one row an item; in a
 * narrow box (a phone) the rows stack as cards (styles.css, `stack-cards`).
 */
export function DataTable<T, F extends string = never>({
  caption,
  columns,
  items,
  rowKey,
  cells,
  empty,
  sort,
  scrollLabel,
}: DataTableProps<T, F>) {
  return (
    <Table scrollLabel={scrollLabel} className="stack-cards">
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHead>
        <tr>
          {columns.map(({ label, className, sortField, hiddenLabel }) =>
            sortField && sort ? (
              <SortableHeader key={label} field={sortField} label={label} className={className} {...sort} />
            ) : (
              <TableHeader key={label} className={className}>
                {hiddenLabel ? <span className="sr-only">{label}</span> : label}
              </TableHeader>
            ),
          )}
        </tr>
      </TableHead>
      <TableBody>
        {items.length === 0 ? (
          <TableRow>
            <TableCell colSpan={columns.length} className="text-center text-slate-600">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          items.map((item) => <TableRow key={rowKey(item)}>{labelled(cells(item), columns)}</TableRow>)
        )}
      </TableBody>
    </Table>
  );
}
