import type { ReactNode } from 'react';
import type { Paged } from '#shared/admin/schemas.ts';
import { Pagination } from '#web/features/admin/components/pagination.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';

interface PagedQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** `D`: the list's answer, a page of items with their total and whatever else the list sends. */
interface PagedListProps<D extends Paged<unknown>> {
  query: PagedQuery<D>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** What the list holds, for the screen-reader name of the page navigation ('users'). */
  label: string;
  /** Shown instead of the list and its navigation when the list is empty (else the table says so). */
  empty?: ReactNode;
  /** The table of the page's items, once they are loaded. */
  children: (data: D) => ReactNode;
}

/** One page of an admin list: loading and error states, then the table and its page navigation. */
export function PagedList<D extends Paged<unknown>>({
  query,
  page,
  pageSize,
  onPage,
  label,
  empty,
  children,
}: PagedListProps<D>) {
  return (
    <>
      <QueryState query={query} />
      {query.data && empty !== undefined && query.data.items.length === 0 ? empty : null}
      {query.data && (empty === undefined || query.data.items.length > 0) ? (
        <div className="space-y-3">
          {children(query.data)}
          <Pagination
            page={page}
            pageSize={pageSize}
            total={query.data.total}
            label={label}
            onPage={onPage}
          />
        </div>
      ) : null}
    </>
  );
}
