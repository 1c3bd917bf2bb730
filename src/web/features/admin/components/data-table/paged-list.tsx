import type { ReactNode } from 'react';
import type { Paged } from '#shared/admin/schemas.ts';
import { Pagination } from '#web/features/admin/components/pagination.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';

interface PagedQuery<T> {
  data: Paged<T> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface PagedListProps<T> {
  query: PagedQuery<T>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** What the list holds, for the screen-reader name of the page navigation ('users'). */
  label: string;
  /** The table of the page's items, once they are loaded. */
  children: (data: Paged<T>) => ReactNode;
}

/** One page of an admin list: loading and error states, then the table and its page navigation. */
export function PagedList<T>({ query, page, pageSize, onPage, label, children }: PagedListProps<T>) {
  return (
    <>
      <QueryState query={query} />
      {query.data ? (
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
