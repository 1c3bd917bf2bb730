import { X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useActivities } from '#web/features/admin/api/list-activities.ts';
import { useActivityEvents } from '#web/features/admin/api/list-activity-events.ts';
import { ActivityTable } from '#web/features/admin/components/activity-table.tsx';
import { AdminPage } from '#web/components/admin-page.tsx';
import { ListToolbar } from '#web/features/admin/components/data-table/list-toolbar.tsx';
import { PagedList } from '#web/features/admin/components/data-table/paged-list.tsx';
import { useListState } from '#web/features/admin/components/data-table/use-list-state.ts';
import { FilterSelect } from '#web/features/admin/components/filter-select.tsx';
import { RefreshButton } from '#web/features/admin/components/query-state.tsx';
import { positiveInt } from '#web/features/admin/hooks/use-search-state.ts';
import { formatNumber } from '#web/features/admin/lib/format.ts';
import { adminText, eventLabel } from '#web/features/admin/messages.ts';

const t = adminText.activities;
const PAGE_SIZE = 25;

export default function AdminActivitiesPage() {
  const { state, filter, search, paging } = useListState({ event: '', userId: '' }, PAGE_SIZE);
  const events = useActivityEvents();
  const userId = positiveInt(state.userId, 0) || undefined;
  const params = {
    page: paging.page,
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
      <ListToolbar
        search={{ ...search, label: t.search, placeholder: t.searchPlaceholder, className: 'w-full sm:w-80' }}
      >
        <FilterSelect
          className="w-64"
          label={t.event}
          value={state.event}
          options={[
            ['', t.allEvents],
            ...(events.data ?? []).map((e): [string, string] => [e, eventLabel(e)]),
          ]}
          onChange={(event) => filter({ event })}
        />
      </ListToolbar>
      {userId ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {t.userFilter(userId)}
          <Button variant="ghost" size="sm" onClick={() => filter({ userId: '' })}>
            <X aria-hidden="true" className="size-4" />
            {t.clearUser}
          </Button>
        </p>
      ) : null}
      <PagedList query={query} label={t.listLabel} {...paging}>
        {(data) => (
          <ActivityTable
            items={data.items}
            caption={t.caption(formatNumber(data.total))}
            emptyText={t.empty}
          />
        )}
      </PagedList>
    </AdminPage>
  );
}
