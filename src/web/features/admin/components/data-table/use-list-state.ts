import { positiveInt, useSearchState } from '#web/features/admin/hooks/use-search-state.ts';

/**
 * A searchable, paged admin list's state, kept in the address bar. A new search or filter goes
 * back to the first page.
 */
export function useListState<K extends string>(defaults: Record<K, string>, pageSize: number) {
  const [state, update] = useSearchState<Record<K | 'q' | 'page', string>>({ q: '', page: '1', ...defaults });
  // K is generic here, so TypeScript cannot tell that 'q' and 'page' are keys of the state.
  const set = update as (patch: Partial<Record<string, string>>) => void;
  const filter = (patch: Partial<Record<K, string>>) => set({ ...patch, page: '1' });
  return {
    state,
    update,
    filter,
    search: { value: state.q, onSearch: (q: string) => set({ q, page: '1' }) },
    paging: {
      page: positiveInt(state.page, 1),
      pageSize,
      onPage: (page: number) => set({ page: String(page) }),
    },
  };
}
