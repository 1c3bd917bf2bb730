import type { ComponentProps, ReactNode } from 'react';
import { SearchField } from '#web/components/search-field.tsx';

/** The search box of a list, then its filters. */
export function ListToolbar({
  search,
  children,
}: {
  search: ComponentProps<typeof SearchField>;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchField {...search} />
      {children}
    </div>
  );
}
