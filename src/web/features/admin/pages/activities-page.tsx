import { X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useActivities } from '#web/features/admin/api/list-activities.ts';
import { useActivityEvents } from '#web/features/admin/api/list-activity-events.ts';
import { ActivityTable } from '#web/features/admin/components/activity-table.tsx';
import { AdminPage } from '#web/features/admin/components/admin-page.tsx';
import { FilterSelect } from '#web/features/admin/components/filter-select.tsx';
import { Pagination } from '#web/features/admin/components/pagination.tsx';
import { QueryState, RefreshButton } from '#web/features/admin/components/query-state.tsx';
import { SearchField } from '#web/features/admin/components/search-field.tsx';
import { positiveInt, useSearchState } from '#web/features/admin/hooks/use-search-state.ts';
import { formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText, eventLabel } from '#web/features/admin/messages.ts';

const t = adminText.activities;
const PAGE_SIZE = 25;

export default function AdminActivitiesPage() {
  const [state, update] = useSearchState({ q: '', event: '', userId: '', page: '1' });
  const events = useActivityEvents();
  const userId = positiveInt(state.userId, 0) || undefined;
  const params = {
    page: positiveInt(state.page, 1),
    pageSize: PAGE_SIZE,
    q: state.q || undefined,
    event: state.event || undefined,
    userId,
  };
  const query = useActivities(params);
  return (
    <AdminPage
      title={t.title}
      lead={t.lead}
      actions={<RefreshButton onClick={() => void query.refetch()} busy={query.isFetching} />}
    >
      <div className="flex flex-wrap items-end gap-3">
        <SearchField
          className="w-full sm:w-80"
          label={t.search}
          placeholder={t.searchPlaceholder}
          value={state.q}
          onSearch={(q) => update({ q, page: '1' })}
        />
        <FilterSelect
          className="w-64"
          label={t.event}
          value={state.event}
          options={[
            ['', t.allEvents],
            ...(events.data ?? []).map((e): [string, string] => [e, eventLabel(e)]),
          ]}
          onChange={(event) => update({ event, page: '1' })}
        />
      </div>
      {userId ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {t.userFilter(userId)}
          <Button variant="ghost" size="sm" onClick={() => update({ userId: '', page: '1' })}>
            <X aria-hidden="true" className="size-4" />
            {t.clearUser}
          </Button>
        </p>
      ) : null}
      <QueryState query={query} />
      {query.data ? (
        <div className="space-y-3">
          <ActivityTable
            items={query.data.items}
            caption={t.caption(formatNumber(query.data.total))}
            emptyText={t.empty}
          />
          <Pagination
            page={params.page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            label={t.listLabel}
            onPage={(page) => update({ page: String(page) })}
          />
        </div>
      ) : null}
    </AdminPage>
  );
}
